package cluster_test

// rssUnit is ru_maxrss's unit on Linux, KiB, in MiB.
const rssUnit = 1 << 10
