package cluster_test

// rssUnit is ru_maxrss's unit on Darwin, bytes, in MiB.
const rssUnit = 1 << 20
