complete --keep-order --exclusive --command seg --arguments "(COMPLETE=fish seg -- (commandline --current-process --tokenize --cut-at-cursor) (commandline --current-token))"
