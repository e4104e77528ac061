"""`botpsy daemon`: one long-running process per user that rings what is due while the app is closed.

Plugins say what is due through the `due_items` hook (alarms, timers, calendar
reminders, task due times); the daemon fires each as a desktop notification
(`assistant.notify`), remembers what it fired so nothing rings twice across
restarts, and catches up what came due while it was not running (once, marked
late). Background chores (`daemon_chores`: a CalDAV sync) and the file index's
watcher run beside it and never delay a firing.
"""
