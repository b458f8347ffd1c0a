package serve

import _ "embed"

// reloadJS is the live-reload client served at /__loopbook/reload.js.
//
//go:embed reload.js
var reloadJS []byte
