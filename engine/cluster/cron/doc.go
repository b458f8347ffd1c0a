// Package cron parses the schedules of CronJobs and finds their times, as
// kube-controller-manager does with github.com/robfig/cron/v3's
// ParseStandard: five fields (minute, hour, day of month, month, day of
// week) of numbers, names (jan–dec, sun–sat), ranges, steps, lists, * and
// ?; the descriptors @yearly (@annually), @monthly, @weekly, @daily
// (@midnight), @hourly and @every DURATION; a leading CRON_TZ= or TZ=
// zone. Errors are worded as the library words them, since kube-apiserver
// shows them in its validation messages.
package cron

import _ "time/tzdata" // zones from the binary, the same on every machine
