@rem npm runs scripts with cmd.exe on Windows, which has no `exec`: package.json's "start" and "cli"
@rem begin with `exec` so that POSIX sh hands Ctrl-C straight to the app (decision 0568); here
@rem (cmd.exe finds this file in the package folder) it runs the rest of the line as it is.
@%*
