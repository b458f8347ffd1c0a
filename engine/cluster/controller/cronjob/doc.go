// Package cronjob is kube-controller-manager's CronJob controller
// (pkg/controller/cronjob/cronjob_controllerv2.go), "cronjob-controller":
// it makes a CronJob's Jobs on its schedule.
//
// Each sync of a CronJob first forgets the Jobs it made that finished
// ("SawCompletedJob", "Saw completed job: NAME, condition: Complete"),
// noting lastSuccessfulTime, and those gone ("MissingJob"); deletes the
// oldest finished Jobs beyond successfulJobsHistoryLimit (3) and
// failedJobsHistoryLimit (1) ("SuccessfulDelete", "Deleted job NAME");
// then, unless the CronJob is suspended, finds the most recent schedule
// time not yet met since lastScheduleTime (or its creation). Missed by
// more than startingDeadlineSeconds, it only warns ("MissSchedule"). A
// time already met, or a running Job under concurrencyPolicy Forbid
// ("JobAlreadyActive"), makes nothing; under Replace the running Jobs are
// deleted first. The Job is the jobTemplate, named NAME-<minutes since
// the epoch of the scheduled time>, with the CronJob as its controller and
// the batch.kubernetes.io/cronjob-scheduled-timestamp annotation
// ("SuccessfulCreate", "Created job NAME"); it goes into .status.active,
// and lastScheduleTime is the scheduled time. The CronJob syncs again at
// its next schedule time, plus 100 ms (nextScheduleDelta).
//
// Jobs are deleted in the background, as the controller does. The
// schedule is parsed by package cron, in spec.timeZone, else UTC (the
// controller manager's local zone here).
package cronjob
