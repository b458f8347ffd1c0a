package object

// coreMaxSecretSize is core.MaxSecretSize: 1 MiB for ConfigMaps and Secrets.
const coreMaxSecretSize = 1 * 1024 * 1024

func validateConfigMap(o, old *Object) FieldErrors {
	var errs FieldErrors
	data, _ := o.Content["data"].(map[string]any)
	bin, _ := o.Content["binaryData"].(map[string]any)
	if size, ok := configMapSize(data, bin); ok {
		// Every key is valid: the keys need no sorting.
		if size > coreMaxSecretSize {
			errs = append(errs, TooLong("", coreMaxSecretSize))
		}
		return append(errs, validateImmutableData(o, old)...)
	}
	size := 0
	for _, k := range sortedKeys(data) {
		for _, msg := range IsConfigMapKey(k) {
			errs = append(errs, Invalid(key("data", k), k, msg))
		}
		if _, dup := bin[k]; dup {
			errs = append(errs, Invalid(key("data", k), k, "duplicate of key present in binaryData"))
		}
		s, _ := data[k].(string)
		size += len(s)
	}
	for _, k := range sortedKeys(bin) {
		for _, msg := range IsConfigMapKey(k) {
			errs = append(errs, Invalid(key("binaryData", k), k, msg))
		}
		s, _ := bin[k].(string)
		size += len(s) * 3 / 4
	}
	if size > coreMaxSecretSize {
		errs = append(errs, TooLong("", coreMaxSecretSize))
	}
	errs = append(errs, validateImmutableData(o, old)...)
	return errs
}

// configMapSize is the size validateConfigMap counts, and whether every
// key of data and binaryData is valid and in only one of them.
func configMapSize(data, bin map[string]any) (int, bool) {
	size := 0
	for k, v := range data {
		if _, dup := bin[k]; dup || len(IsConfigMapKey(k)) > 0 {
			return 0, false
		}
		s, _ := v.(string)
		size += len(s)
	}
	for k, v := range bin {
		if len(IsConfigMapKey(k)) > 0 {
			return 0, false
		}
		s, _ := v.(string)
		size += len(s) * 3 / 4
	}
	return size, true
}

func validateSecret(o, old *Object) FieldErrors {
	var errs FieldErrors
	data, _ := o.Content["data"].(map[string]any)
	size := 0
	for _, k := range sortedKeys(data) {
		for _, msg := range IsConfigMapKey(k) {
			errs = append(errs, Invalid(key("data", k), k, msg))
		}
		s, _ := data[k].(string)
		size += len(s) * 3 / 4
	}
	if size > coreMaxSecretSize {
		errs = append(errs, TooLong("data", coreMaxSecretSize))
	}
	if old != nil {
		if t, ot := stringAt(o.Content, "type"), stringAt(old.Content, "type"); t != ot {
			errs = append(errs, Invalid("type", t, FieldImmutableErrorMsg))
		}
	}
	errs = append(errs, validateImmutableData(o, old)...)
	return errs
}

// validateImmutableData: once immutable is true, data may not change and
// immutable may not be unset (ValidateConfigMapUpdate, ValidateSecretUpdate).
func validateImmutableData(o, old *Object) FieldErrors {
	if old == nil {
		return nil
	}
	if imm, _ := old.Content["immutable"].(bool); !imm {
		return nil
	}
	var errs FieldErrors
	if imm, _ := o.Content["immutable"].(bool); !imm {
		errs = append(errs, Forbidden("immutable", "field is immutable when `immutable` is set"))
	}
	for _, f := range []string{"data", "binaryData", "stringData"} {
		if !EqualValues(o.Content[f], old.Content[f]) {
			errs = append(errs, Forbidden(f, "field is immutable when `immutable` is set"))
		}
	}
	return errs
}
