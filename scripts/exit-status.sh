# shellcheck shell=bash disable=SC2034 # sourced: the variables are its callers'
# Sourced by the scripts (not run): simbench's exit statuses by name, so that no script
# writes a bare number. One variable per case of ExitStatus (Sources/SimBenchCommandLine/CommandLine/ExitStatus.swift),
# exit_ and the case's name in snake case; ExitStatusScriptTests fails when the two disagree.
exit_success=0
exit_failure=1
exit_regression=2
exit_wrong_outcome=3
exit_improvement=4
exit_unhealthy=5
exit_counting_unavailable=6
exit_usage=64
exit_interrupted=130
exit_terminated=143
exit_closed_pipe=141
exit_hang_up=129
