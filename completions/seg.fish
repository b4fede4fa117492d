# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_seg_global_optspecs
    string join \n base-url= api-version= token= token-file= profile= w/workspace= o/output= jq= v/verbose dry-run y/yes color= rate-limit= max-retries= timeout= h/help V/version
end

function __fish_seg_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_seg_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_seg_using_subcommand
    set -l cmd (__fish_seg_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c seg -n "__fish_seg_needs_command" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_needs_command" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_needs_command" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_needs_command" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_needs_command" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_needs_command" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_needs_command" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_needs_command" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_needs_command" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_needs_command" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_needs_command" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_needs_command" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_needs_command" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_needs_command" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_needs_command" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_needs_command" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_needs_command" -f -a "workspaces" -d 'List and show workspaces'
complete -c seg -n "__fish_seg_needs_command" -f -a "sources" -d 'List, show, create, update and delete sources, and their schema config'
complete -c seg -n "__fish_seg_needs_command" -f -a "destinations" -d 'List, show, create, update, enable, disable and delete destinations, and manage their filters'
complete -c seg -n "__fish_seg_needs_command" -f -a "tracking-plans" -d 'List, show, create, update and delete tracking plans; manage their source connections'
complete -c seg -n "__fish_seg_needs_command" -f -a "tokens" -d 'List, show, create and delete personal access tokens'
complete -c seg -n "__fish_seg_needs_command" -f -a "catalog" -d 'Browse the catalog of sources and destinations'
complete -c seg -n "__fish_seg_needs_command" -f -a "regulations" -d 'Create, list and show regulations (deletion requests) of the workspace (-w)'
complete -c seg -n "__fish_seg_needs_command" -f -a "api" -d 'Call any API path: `seg api GET workspaces/acme/sources`'
complete -c seg -n "__fish_seg_needs_command" -f -a "export" -d 'Write a workspace as a file: sources with their schema config, destinations with their config and filters, tracking plans with their rules and source connections'
complete -c seg -n "__fish_seg_needs_command" -f -a "diff" -d 'Show what `seg apply` would change: the plan from a file to the workspace'
complete -c seg -n "__fish_seg_needs_command" -f -a "apply" -d 'Make the workspace match a file: create, update (only the fields that differ) and, with --prune, delete'
complete -c seg -n "__fish_seg_needs_command" -f -a "webhook" -d 'Debug webhook signatures and test endpoints: byte-exact with the service'
complete -c seg -n "__fish_seg_needs_command" -f -a "auth" -d 'Log in to the Config API and manage the stored token'
complete -c seg -n "__fish_seg_needs_command" -f -a "config" -d 'Show and change the settings of a profile (--profile, default `default`)'
complete -c seg -n "__fish_seg_needs_command" -f -a "completion" -d 'Print a completion script for a shell'
complete -c seg -n "__fish_seg_needs_command" -f -a "serve" -d 'Run a local emulator of the Config API v1beta'
complete -c seg -n "__fish_seg_needs_command" -f -a "demo" -d 'Tour seg end to end on an emulator embedded in this process: no account, no token, no network'
complete -c seg -n "__fish_seg_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -s h -l help -d 'Print help'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -f -a "list" -d 'List the workspaces your token reaches'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -f -a "get" -d 'Show one workspace (the one named, else the one of -w)'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and not __fish_seen_subcommand_from list get help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -l limit -d 'Stop after N items (no page is fetched beyond what N needs)' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -l page-size -d 'Items asked for per page [default: 100]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -l page-token -d 'Start at this page token (an interrupted listing prints the one to resume from)' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -l no-paginate -d 'Fetch one page only; its next_page_token goes to stderr'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from get" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from get" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from get" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from get" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from get" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from get" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from get" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from get" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from get" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from get" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from get" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from get" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from get" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the workspaces your token reaches'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one workspace (the one named, else the one of -w)'
complete -c seg -n "__fish_seg_using_subcommand workspaces; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -s h -l help -d 'Print help'
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -f -a "list" -d 'List the sources of the workspace (-w), following every page'
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -f -a "get" -d 'Show one source'
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -f -a "create" -d 'Create a source from a catalog entry'
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -f -a "update" -d 'Change fields of a source; only the fields named change (`update` and `patch` are the same command)'
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -f -a "patch" -d 'Change fields of a source; only the fields named change (`update` and `patch` are the same command)'
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -f -a "delete" -d 'Delete sources, with their destinations. Asks first on a terminal; elsewhere needs --yes'
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -f -a "schema-config" -d 'Show or update a source\'s schema config'
complete -c seg -n "__fish_seg_using_subcommand sources; and not __fish_seen_subcommand_from list get create update patch delete schema-config help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -l limit -d 'Stop after N items (no page is fetched beyond what N needs)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -l page-size -d 'Items asked for per page [default: 100]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -l page-token -d 'Start at this page token (an interrupted listing prints the one to resume from)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -l no-paginate -d 'Fetch one page only; its next_page_token goes to stderr'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from get" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from get" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from get" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from get" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from get" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from get" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from get" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from get" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from get" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from get" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from get" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from get" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from get" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -l catalog -d 'Catalog source: SLUG or catalog/sources/SLUG (`seg catalog sources list`)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -l display-name -d 'Display name [default: the slug]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -l label -d 'A label (repeatable)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -l each -d 'Create one source per line of this file (`-` for stdin): a name, or an ndjson object of these flags' -r -F
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from create" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l display-name -d 'New display name' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l label -d 'Labels to set, replacing the current ones (repeatable)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l set -d 'Set FIELD (nested with dots) to VALUE, parsed as JSON when it parses, else a string' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l clear -d 'List FIELD in the update mask with no value: the service empties it' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l from-file -d 'A JSON object of fields to set (`-` for stdin); each top-level key becomes a mask path' -r -F
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l update-mask -d 'Send exactly these mask paths (comma-separated) instead of those the flags imply' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l each -d 'Update one source per line of this file (`-` for stdin): a name, or an ndjson object of these flags' -r -F
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from update" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l display-name -d 'New display name' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l label -d 'Labels to set, replacing the current ones (repeatable)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l set -d 'Set FIELD (nested with dots) to VALUE, parsed as JSON when it parses, else a string' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l clear -d 'List FIELD in the update mask with no value: the service empties it' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l from-file -d 'A JSON object of fields to set (`-` for stdin); each top-level key becomes a mask path' -r -F
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l update-mask -d 'Send exactly these mask paths (comma-separated) instead of those the flags imply' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l each -d 'Update one source per line of this file (`-` for stdin): a name, or an ndjson object of these flags' -r -F
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from patch" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -l each -d 'Delete every source named in this file, one a line (`-` for stdin), concurrently, one result line each' -r -F
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from delete" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -s h -l help -d 'Print help'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -f -a "get" -d 'Show a source\'s schema config'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -f -a "update" -d 'Change only the named fields of a source\'s schema config (`update` and `patch` are the same command)'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -f -a "patch" -d 'Change only the named fields of a source\'s schema config (`update` and `patch` are the same command)'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from schema-config" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the sources of the workspace (-w), following every page'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one source'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create a source from a catalog entry'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from help" -f -a "update" -d 'Change fields of a source; only the fields named change (`update` and `patch` are the same command)'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from help" -f -a "patch" -d 'Change fields of a source; only the fields named change (`update` and `patch` are the same command)'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from help" -f -a "delete" -d 'Delete sources, with their destinations. Asks first on a terminal; elsewhere needs --yes'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from help" -f -a "schema-config" -d 'Show or update a source\'s schema config'
complete -c seg -n "__fish_seg_using_subcommand sources; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -s h -l help -d 'Print help'
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -f -a "list" -d 'List destinations: of one source with --source, else of every source of the workspace (-w)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -f -a "get" -d 'Show one destination, with its settings'
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -f -a "create" -d 'Create a destination; its slug is the catalog destination\'s (webhooks, google-analytics, ...)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -f -a "update" -d 'Change only the named fields of a destination (`update` and `patch` are the same command)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -f -a "patch" -d 'Change only the named fields of a destination (`update` and `patch` are the same command)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -f -a "enable" -d 'Enable a destination (same as `patch NAME --enabled`)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -f -a "disable" -d 'Disable a destination (same as `patch NAME --enabled=false`)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -f -a "delete" -d 'Delete destinations. Asks first on a terminal; elsewhere needs --yes'
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -f -a "filters" -d 'List, show, create, update and delete a destination\'s filters'
complete -c seg -n "__fish_seg_using_subcommand destinations; and not __fish_seen_subcommand_from list get create update patch enable disable delete filters help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -l source -d 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -l limit -d 'Stop after N items (no page is fetched beyond what N needs)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -l page-size -d 'Items asked for per page [default: 100]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -l page-token -d 'Start at this page token (an interrupted listing prints the one to resume from)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -l all -d 'Every source\'s destinations (the default without --source)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -l no-paginate -d 'Fetch one page only; its next_page_token goes to stderr'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -l source -d 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -l source -d 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -l config -d 'A setting KEY=VALUE; VALUE is JSON when it parses, else a string (repeatable)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -l connection-mode -d 'Connection mode' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -l each -d 'Create one per line of this file (`-` for stdin): a name, or an ndjson object of these flags' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -l enabled -d 'Create it enabled'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from create" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l source -d 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l enabled -d 'Enable it, or set enabled to BOOL' -r -f -a "true\t''
false\t''"
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l config -d 'A setting KEY=VALUE, merged by key; VALUE is JSON when it parses, else a string (repeatable)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l connection-mode -d 'Connection mode' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l set -d 'Set FIELD (nested with dots) to VALUE, parsed as JSON when it parses, else a string' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l clear -d 'List FIELD in the update mask with no value: the service empties it' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l from-file -d 'A JSON object of fields to set (`-` for stdin); each top-level key becomes a mask path' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l update-mask -d 'Send exactly these mask paths (comma-separated) instead of those the flags imply' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l each -d 'Update one destination per line of this file (`-` for stdin): a name, or an ndjson object of {"name", "enabled", "connection_mode", "config": {K: V}}; the flags apply to every line' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l disabled -d 'Disable it (same as --enabled=false)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from update" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l source -d 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l enabled -d 'Enable it, or set enabled to BOOL' -r -f -a "true\t''
false\t''"
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l config -d 'A setting KEY=VALUE, merged by key; VALUE is JSON when it parses, else a string (repeatable)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l connection-mode -d 'Connection mode' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l set -d 'Set FIELD (nested with dots) to VALUE, parsed as JSON when it parses, else a string' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l clear -d 'List FIELD in the update mask with no value: the service empties it' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l from-file -d 'A JSON object of fields to set (`-` for stdin); each top-level key becomes a mask path' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l update-mask -d 'Send exactly these mask paths (comma-separated) instead of those the flags imply' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l each -d 'Update one destination per line of this file (`-` for stdin): a name, or an ndjson object of {"name", "enabled", "connection_mode", "config": {K: V}}; the flags apply to every line' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l disabled -d 'Disable it (same as --enabled=false)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from patch" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -l source -d 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -l each -d 'Do it to each destination named in this file, one a line (`-` for stdin)' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from enable" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -l source -d 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -l each -d 'Do it to each destination named in this file, one a line (`-` for stdin)' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from disable" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -l source -d 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -l each -d 'Delete every destination named in this file, one a line (`-` for stdin), concurrently, one result line each' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from delete" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -s h -l help -d 'Print help'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -f -a "list" -d 'List a destination\'s filters, or with --all those of every destination'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -f -a "get" -d 'Show one filter'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -f -a "create" -d 'Create a destination filter'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -f -a "update" -d 'Change only the named fields of a filter (`update` and `patch` are the same command)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -f -a "patch" -d 'Change only the named fields of a filter (`update` and `patch` are the same command)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -f -a "delete" -d 'Delete filters of a destination. Asks first on a terminal; elsewhere needs --yes'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from filters" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from help" -f -a "list" -d 'List destinations: of one source with --source, else of every source of the workspace (-w)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one destination, with its settings'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create a destination; its slug is the catalog destination\'s (webhooks, google-analytics, ...)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from help" -f -a "update" -d 'Change only the named fields of a destination (`update` and `patch` are the same command)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from help" -f -a "patch" -d 'Change only the named fields of a destination (`update` and `patch` are the same command)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from help" -f -a "enable" -d 'Enable a destination (same as `patch NAME --enabled`)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from help" -f -a "disable" -d 'Disable a destination (same as `patch NAME --enabled=false`)'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from help" -f -a "delete" -d 'Delete destinations. Asks first on a terminal; elsewhere needs --yes'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from help" -f -a "filters" -d 'List, show, create, update and delete a destination\'s filters'
complete -c seg -n "__fish_seg_using_subcommand destinations; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -s h -l help -d 'Print help'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -f -a "list" -d 'List the tracking plans of the workspace (-w)'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -f -a "get" -d 'Show one tracking plan with its rules'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -f -a "create" -d 'Create a tracking plan in the workspace (-w); its id (rs_...) is generated'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -f -a "update" -d 'Change a tracking plan\'s display name or rules (sent as PUT with an update mask, as the service expects)'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -f -a "delete" -d 'Delete tracking plans. Asks first on a terminal; elsewhere needs --yes'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -f -a "connections" -d 'List, add and remove a tracking plan\'s source connections'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and not __fish_seen_subcommand_from list get create update delete connections help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -l limit -d 'Stop after N items (no page is fetched beyond what N needs)' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -l page-size -d 'Items asked for per page [default: 100]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -l page-token -d 'Start at this page token (an interrupted listing prints the one to resume from)' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -l no-paginate -d 'Fetch one page only; its next_page_token goes to stderr'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from get" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from get" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from get" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from get" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from get" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from get" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from get" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from get" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from get" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from get" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from get" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from get" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from get" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -l display-name -d 'Display name' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -l rules -d 'A JSON file with the rules object (`events`, `global`, `identify`, `group`; `-` for stdin)' -r -F
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from create" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -l display-name -d 'New display name' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -l rules -d 'A JSON file with the whole new rules object (`-` for stdin)' -r -F
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -l set -d 'Set FIELD (nested with dots) to VALUE, parsed as JSON when it parses, else a string' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -l clear -d 'List FIELD in the update mask with no value: the service empties it' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -l from-file -d 'A JSON object of fields to set (`-` for stdin); each top-level key becomes a mask path' -r -F
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -l update-mask -d 'Send exactly these mask paths (comma-separated) instead of those the flags imply' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from update" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from delete" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from delete" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from delete" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from delete" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from delete" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from delete" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from delete" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from delete" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from delete" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from delete" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from delete" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from delete" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from delete" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from delete" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from delete" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from delete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from delete" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -s h -l help -d 'Print help'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -f -a "list" -d 'List the sources connected to a plan, or to every plan of the workspace with --all'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -f -a "add" -d 'Connect a source to a plan'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -f -a "remove" -d 'Disconnect a source from a plan'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from connections" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the tracking plans of the workspace (-w)'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one tracking plan with its rules'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create a tracking plan in the workspace (-w); its id (rs_...) is generated'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from help" -f -a "update" -d 'Change a tracking plan\'s display name or rules (sent as PUT with an update mask, as the service expects)'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from help" -f -a "delete" -d 'Delete tracking plans. Asks first on a terminal; elsewhere needs --yes'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from help" -f -a "connections" -d 'List, add and remove a tracking plan\'s source connections'
complete -c seg -n "__fish_seg_using_subcommand tracking-plans; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -s h -l help -d 'Print help'
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -f -a "list" -d 'List access tokens (never their secrets)'
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -f -a "create" -d 'Create an access token; its secret is printed once, in the `token` field'
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -f -a "get" -d 'Show one access token (never its secret)'
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -f -a "delete" -d 'Delete access tokens: they stop working at once. Asks first on a terminal; elsewhere needs --yes'
complete -c seg -n "__fish_seg_using_subcommand tokens; and not __fish_seen_subcommand_from list create get delete help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -l limit -d 'Stop after N items (no page is fetched beyond what N needs)' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -l page-size -d 'Items asked for per page [default: 100]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -l page-token -d 'Start at this page token (an interrupted listing prints the one to resume from)' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -l no-paginate -d 'Fetch one page only; its next_page_token goes to stderr'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -l description -d 'What the token is for' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -l scope -d '`workspace` reads and writes; `workspace:read` only reads' -r -f -a "workspace\t''
workspace:read\t''"
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from create" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from get" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from get" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from get" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from get" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from get" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from get" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from get" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from get" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from get" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from get" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from get" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from get" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from get" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from delete" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from delete" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from delete" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from delete" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from delete" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from delete" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from delete" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from delete" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from delete" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from delete" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from delete" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from delete" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from delete" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from delete" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from delete" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from delete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from delete" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from help" -f -a "list" -d 'List access tokens (never their secrets)'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create an access token; its secret is printed once, in the `token` field'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one access token (never its secret)'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from help" -f -a "delete" -d 'Delete access tokens: they stop working at once. Asks first on a terminal; elsewhere needs --yes'
complete -c seg -n "__fish_seg_using_subcommand tokens; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -s h -l help -d 'Print help'
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -f -a "sources" -d 'Catalog sources: list them, or get one'
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -f -a "destinations" -d 'Catalog destinations: list them, or get one with its settings'
complete -c seg -n "__fish_seg_using_subcommand catalog; and not __fish_seen_subcommand_from sources destinations help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -l limit -d 'Stop after N items (no page is fetched beyond what N needs)' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -l page-size -d 'Items asked for per page [default: 100]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -l page-token -d 'Start at this page token (an interrupted listing prints the one to resume from)' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -l no-paginate -d 'Fetch one page only; its next_page_token goes to stderr'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -s h -l help -d 'Print help'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -f -a "list" -d 'List the entries (the default)'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -f -a "get" -d 'Show one entry'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from sources" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -l limit -d 'Stop after N items (no page is fetched beyond what N needs)' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -l page-size -d 'Items asked for per page [default: 100]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -l page-token -d 'Start at this page token (an interrupted listing prints the one to resume from)' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -l no-paginate -d 'Fetch one page only; its next_page_token goes to stderr'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -s h -l help -d 'Print help'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -f -a "list" -d 'List the entries (the default)'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -f -a "get" -d 'Show one entry'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from destinations" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from help" -f -a "sources" -d 'Catalog sources: list them, or get one'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from help" -f -a "destinations" -d 'Catalog destinations: list them, or get one with its settings'
complete -c seg -n "__fish_seg_using_subcommand catalog; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -s h -l help -d 'Print help'
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -f -a "create" -d 'Ask for users\' data to be deleted and/or suppressed. Irreversible: asks first on a terminal, needs --yes elsewhere'
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -f -a "list" -d 'List regulations'
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -f -a "get" -d 'Show one regulation'
complete -c seg -n "__fish_seg_using_subcommand regulations; and not __fish_seen_subcommand_from create list get help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -l user-id -d 'A user id (repeatable)' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -l from-file -d 'Read user ids from a file, one a line (`-` for stdin)' -r -F
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -l type -d 'What to do' -r -f -a "Suppress_With_Delete\t''
Delete\t''
Suppress\t''
Unsuppress\t''"
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from create" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -l limit -d 'Stop after N items (no page is fetched beyond what N needs)' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -l page-size -d 'Items asked for per page [default: 100]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -l page-token -d 'Start at this page token (an interrupted listing prints the one to resume from)' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -l no-paginate -d 'Fetch one page only; its next_page_token goes to stderr'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from get" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from get" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from get" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from get" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from get" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from get" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from get" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from get" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from get" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from get" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from get" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from get" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from get" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from help" -f -a "create" -d 'Ask for users\' data to be deleted and/or suppressed. Irreversible: asks first on a terminal, needs --yes elsewhere'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from help" -f -a "list" -d 'List regulations'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one regulation'
complete -c seg -n "__fish_seg_using_subcommand regulations; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand api" -s f -l field -d 'A field KEY=VALUE (repeatable)' -r
complete -c seg -n "__fish_seg_using_subcommand api" -l input -d 'The request body from a file, `-` for stdin' -r -F
complete -c seg -n "__fish_seg_using_subcommand api" -l limit -d 'Stop after N items (no page is fetched beyond what N needs)' -r
complete -c seg -n "__fish_seg_using_subcommand api" -l page-size -d 'Items asked for per page [default: 100]' -r
complete -c seg -n "__fish_seg_using_subcommand api" -l page-token -d 'Start at this page token (an interrupted listing prints the one to resume from)' -r
complete -c seg -n "__fish_seg_using_subcommand api" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand api" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand api" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand api" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand api" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand api" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand api" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand api" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand api" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand api" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand api" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand api" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand api" -l paginate -d 'Follow next_page_token and print every page\'s items as one list'
complete -c seg -n "__fish_seg_using_subcommand api" -l no-paginate -d 'Fetch one page only; its next_page_token goes to stderr'
complete -c seg -n "__fish_seg_using_subcommand api" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand api" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand api" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand api" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand api" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand export" -l file -d 'Write here instead of stdout (`-`)' -r -F
complete -c seg -n "__fish_seg_using_subcommand export" -l format -d 'yaml or json [default: yaml, or json with -o json]' -r -f -a "yaml\t''
json\t''"
complete -c seg -n "__fish_seg_using_subcommand export" -l only -d 'Only these parts, comma-separated: sources, tracking-plans' -r -f -a "sources\t''
tracking-plans\t''"
complete -c seg -n "__fish_seg_using_subcommand export" -l secrets -d 'ref: secrets as $env references; plain: their values (the file is written mode 0600)' -r -f -a "ref\t'`{$env: SEG_SECRET_...}` references (the default)'
plain\t'The values themselves (the file is then written mode 0600)'"
complete -c seg -n "__fish_seg_using_subcommand export" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand export" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand export" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand export" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand export" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand export" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand export" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand export" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand export" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand export" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand export" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand export" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand export" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand export" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand export" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand export" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand export" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand diff" -l file -d 'The workspace file (`-` for stdin)' -r -F
complete -c seg -n "__fish_seg_using_subcommand diff" -l out -d 'Save the plan here (JSON), for `seg apply --plan`' -r -F
complete -c seg -n "__fish_seg_using_subcommand diff" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand diff" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand diff" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand diff" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand diff" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand diff" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand diff" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand diff" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand diff" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand diff" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand diff" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand diff" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand diff" -l prune -d 'Also plan to delete what is in the workspace and not in the file'
complete -c seg -n "__fish_seg_using_subcommand diff" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand diff" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand diff" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand diff" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand diff" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand apply" -l file -d 'The workspace file (`-` for stdin)' -r -F
complete -c seg -n "__fish_seg_using_subcommand apply" -l plan -d 'A plan saved by `seg diff --out`' -r -F
complete -c seg -n "__fish_seg_using_subcommand apply" -l max-deletes -d 'Refuse a plan that deletes more than N resources (those a delete takes with it counted)' -r
complete -c seg -n "__fish_seg_using_subcommand apply" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand apply" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand apply" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand apply" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand apply" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand apply" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand apply" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand apply" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand apply" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand apply" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand apply" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand apply" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand apply" -l prune -d 'Also delete what is in the workspace and not in the file'
complete -c seg -n "__fish_seg_using_subcommand apply" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand apply" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand apply" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand apply" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand apply" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -s h -l help -d 'Print help'
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -f -a "sample" -d 'Print the exact body `seg webhook send` would post for a message type (plus a newline)'
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -f -a "sign" -d 'Print the X-Signature of a body: lowercase hex HMAC-SHA1 of its exact bytes (no newline is stripped)'
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -f -a "verify" -d 'Check an X-Signature against a body, and say why when it does not match'
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -f -a "send" -d 'Post signed messages to up to 5 URLs exactly as the service delivers them'
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -f -a "listen" -d 'Receive webhooks locally: print one line (or NDJSON record) per request, with its signature checked and, when invalid, the cause `seg webhook verify` would name'
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -f -a "log" -d 'List the requests `seg webhook listen` kept in its journal, with their ids, verdicts and answers'
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -f -a "replay" -d 'Send requests from the journal of `seg webhook listen` again: the exact body bytes and headers, to --to'
complete -c seg -n "__fish_seg_using_subcommand webhook; and not __fish_seen_subcommand_from sample sign verify send listen log replay help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -l type -d 'Message type' -r -f -a "page\t''
screen\t''
identify\t''
track\t''
alias\t''
group\t''
delete\t''"
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -l user-id -d 'The userId (and `User ID` of alias)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -l timestamp -d 'RFC 3339 time, normalised to UTC milliseconds, or `now`' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -l set -d 'Set a dotted PATH to VALUE (JSON when it parses, else a string) (repeatable)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -l no-context -d 'Leave out the sample `context` of tracking calls that list none'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sample" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -l secret -d 'The shared secret (shows in `ps`: prefer --secret-file or SEG_WEBHOOK_SECRET)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -l secret-file -d 'Read the secret from a file (its content less one trailing newline)' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from sign" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -l secret -d 'The shared secret (shows in `ps`: prefer --secret-file or SEG_WEBHOOK_SECRET)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -l secret-file -d 'Read the secret from a file (its content less one trailing newline)' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -l signature -d 'The X-Signature header\'s value' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -l strict -d 'Only the raw bytes count: a match after re-serialisation is a failure'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from verify" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l url -d 'A URL to post to (repeatable, at most 5)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l type -d 'Send the sample of this type [default: track]' -r -f -a "page\t''
screen\t''
identify\t''
track\t''
alias\t''
group\t''
delete\t''"
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l data -d 'Send this JSON body (`-` for stdin)' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l secret -d 'The shared secret (shows in `ps`: prefer --secret-file or SEG_WEBHOOK_SECRET)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l secret-file -d 'Read the secret from a file (its content less one trailing newline)' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -s H -l header -d 'A header \'Name: value\' (repeatable, each name once; not one seg sets for the framing or the signature)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l user-agent -d 'The User-Agent [default: Segment.io/1.0]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l retry-window -d 'How long temporary failures are retried, from the first attempt (e.g. 30s, 4h)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l count -d 'Messages to send (each sample or --data body this many times)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l concurrency -d 'Messages in flight at once' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l cacert -d 'Also trust the CA certificates of this PEM file' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l user-id -d 'The user id of samples' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l timestamp -d 'The timestamp of samples (RFC 3339 or `now`)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l all-types -d 'Send the sample of every type'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l raw -d 'Send the --data bytes as they are, not in JSON.stringify form'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from send" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l host -d 'Address to listen on: an IP address or a host name such as localhost' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l port -d 'Port; 0 picks a free one' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l secret -d 'The shared secret (shows in `ps`: prefer --secret-file or SEG_WEBHOOK_SECRET)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l secret-file -d 'Read the secret from a file (its content less one trailing newline)' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l status -d 'Status to answer with (when nothing is forwarded)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l delay -d 'Wait this long before answering (e.g. 6s to trigger the service\'s 5 s timeout)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l forward-to -d 'Forward the exact bytes and headers to this URL, and answer with what it answers' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l journal -d 'Keep the journal in this folder (created owner-only)' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l journal-max -d 'Requests the journal keeps; older ones are removed' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l inspect -d 'Serve the inspector page at /_seg/ on this port (loopback addresses only)'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from listen" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -l journal -d 'The journal\'s folder [default: the one `seg webhook listen` uses]' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -l limit -d 'Show this many of the newest requests' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from log" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -l to -d 'The URL to send them to' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -l journal -d 'The journal\'s folder [default: the one `seg webhook listen` uses]' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -l secret -d 'The shared secret (shows in `ps`: prefer --secret-file or SEG_WEBHOOK_SECRET)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -l secret-file -d 'Read the secret from a file (its content less one trailing newline)' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -l resign -d 'Replace each X-Signature with a fresh one made with the secret'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from replay" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from help" -f -a "sample" -d 'Print the exact body `seg webhook send` would post for a message type (plus a newline)'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from help" -f -a "sign" -d 'Print the X-Signature of a body: lowercase hex HMAC-SHA1 of its exact bytes (no newline is stripped)'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from help" -f -a "verify" -d 'Check an X-Signature against a body, and say why when it does not match'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from help" -f -a "send" -d 'Post signed messages to up to 5 URLs exactly as the service delivers them'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from help" -f -a "listen" -d 'Receive webhooks locally: print one line (or NDJSON record) per request, with its signature checked and, when invalid, the cause `seg webhook verify` would name'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from help" -f -a "log" -d 'List the requests `seg webhook listen` kept in its journal, with their ids, verdicts and answers'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from help" -f -a "replay" -d 'Send requests from the journal of `seg webhook listen` again: the exact body bytes and headers, to --to'
complete -c seg -n "__fish_seg_using_subcommand webhook; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -s h -l help -d 'Print help'
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -f -a "login" -d 'Check an access token against the service and store it for the profile'
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -f -a "status" -d 'Show which source supplies the token, whether it works, and the profile\'s settings'
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -f -a "token" -d 'Print the token in use (for piping into other tools)'
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -f -a "logout" -d 'Remove the stored token of the profile (keyring and file store)'
complete -c seg -n "__fish_seg_using_subcommand auth; and not __fish_seen_subcommand_from login status token logout help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -l with-token -d 'Read the token from stdin'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -l insecure-storage -d 'Store the token in a 0600 file, keyring or not, without asking'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from login" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from status" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from status" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from status" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from status" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from status" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from status" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from status" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from status" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from status" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from status" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from status" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from status" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from status" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from status" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from status" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from token" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from token" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from token" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from token" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from token" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from token" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from token" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from token" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from token" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from token" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from token" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from token" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from token" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from token" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from token" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from token" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from token" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from logout" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from logout" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from logout" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from logout" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from logout" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from logout" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from logout" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from logout" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from logout" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from logout" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from logout" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from logout" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from logout" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from logout" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from logout" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from logout" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from logout" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "login" -d 'Check an access token against the service and store it for the profile'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "status" -d 'Show which source supplies the token, whether it works, and the profile\'s settings'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "token" -d 'Print the token in use (for piping into other tools)'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "logout" -d 'Remove the stored token of the profile (keyring and file store)'
complete -c seg -n "__fish_seg_using_subcommand auth; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -f -a "list" -d 'List the profile\'s settings'
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -f -a "get" -d 'Print one setting\'s bare value (exit 1 when it is not set)'
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -f -a "set" -d 'Set a setting'
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -f -a "unset" -d 'Remove a setting'
complete -c seg -n "__fish_seg_using_subcommand config; and not __fish_seen_subcommand_from list get set unset help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from list" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from list" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from list" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from list" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from list" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from list" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from list" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from list" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from list" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from list" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from list" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from list" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from list" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from list" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from get" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from get" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from get" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from get" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from get" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from get" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from get" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from get" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from get" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from get" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from get" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from get" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from get" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from get" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from set" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from set" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from set" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from set" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from set" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from set" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from set" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from set" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from set" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from set" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from set" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from set" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from set" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from set" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from set" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from set" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from set" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from unset" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from unset" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from unset" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from unset" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from unset" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from unset" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from unset" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from unset" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from unset" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from unset" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from unset" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from unset" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from unset" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from unset" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from unset" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from unset" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from unset" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the profile\'s settings'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "get" -d 'Print one setting\'s bare value (exit 1 when it is not set)'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "set" -d 'Set a setting'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "unset" -d 'Remove a setting'
complete -c seg -n "__fish_seg_using_subcommand config; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand completion" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand completion" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand completion" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand completion" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand completion" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand completion" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand completion" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand completion" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand completion" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand completion" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand completion" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand completion" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand completion" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand completion" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand completion" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand completion" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand completion" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand serve" -l host -d 'Address to listen on: an IP address or a host name such as localhost' -r
complete -c seg -n "__fish_seg_using_subcommand serve" -l port -d 'Port to listen on; 0 picks a free one (the first line says which)' -r
complete -c seg -n "__fish_seg_using_subcommand serve" -l accept-token -d 'A token to accept, as VALUE:SCOPE with SCOPE `workspace` (read and write) or `workspace:read` (repeatable). Without any, one token of each scope is made and printed' -r
complete -c seg -n "__fish_seg_using_subcommand serve" -l rate-limit -d 'Requests per minute per token before 429; 0 turns the limit off' -r
complete -c seg -n "__fish_seg_using_subcommand serve" -l data -d 'Keep state in this file across restarts (crash-safe); without it state lives in memory' -r -F
complete -c seg -n "__fish_seg_using_subcommand serve" -l seed -d 'Create the resources of this file at start: a workspace file (`seg/1`, as `seg export` writes it; its `$env` secrets read from the environment) or the JSON resource list of docs/EMULATOR.md. What exists is kept, so the seed can be given again with --data' -r -F
complete -c seg -n "__fish_seg_using_subcommand serve" -l retry-window -d 'How long temporary webhook delivery failures are retried, from the first attempt (e.g. 30s, 4h)' -r
complete -c seg -n "__fish_seg_using_subcommand serve" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand serve" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand serve" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand serve" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand serve" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand serve" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand serve" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand serve" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand serve" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand serve" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand serve" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand serve" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand serve" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand serve" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand serve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand serve" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand demo" -l base-url -d 'Service address [default: https://platform.segmentapis.com]' -r
complete -c seg -n "__fish_seg_using_subcommand demo" -l api-version -d 'API path prefix [default: v1beta]' -r
complete -c seg -n "__fish_seg_using_subcommand demo" -l token -d 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`' -r
complete -c seg -n "__fish_seg_using_subcommand demo" -l token-file -d 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]' -r -F
complete -c seg -n "__fish_seg_using_subcommand demo" -l profile -d 'Named settings in the config file [default: default]' -r
complete -c seg -n "__fish_seg_using_subcommand demo" -s w -l workspace -d 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)' -r
complete -c seg -n "__fish_seg_using_subcommand demo" -s o -l output -d 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]' -r
complete -c seg -n "__fish_seg_using_subcommand demo" -l jq -d 'jq filter over the whole JSON result (strings print raw)' -r
complete -c seg -n "__fish_seg_using_subcommand demo" -l color -d 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]' -r -f -a "auto\t''
always\t''
never\t''"
complete -c seg -n "__fish_seg_using_subcommand demo" -l rate-limit -d 'Client-side pacing in requests per minute; 0 = off [default: 200]' -r
complete -c seg -n "__fish_seg_using_subcommand demo" -l max-retries -d 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]' -r
complete -c seg -n "__fish_seg_using_subcommand demo" -l timeout -d 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service\'s]' -r
complete -c seg -n "__fish_seg_using_subcommand demo" -s v -l verbose -d 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]'
complete -c seg -n "__fish_seg_using_subcommand demo" -l dry-run -d 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]'
complete -c seg -n "__fish_seg_using_subcommand demo" -s y -l yes -d 'Answer yes to confirmations (needed to delete without a terminal)'
complete -c seg -n "__fish_seg_using_subcommand demo" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c seg -n "__fish_seg_using_subcommand demo" -s V -l version -d 'Print version'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "workspaces" -d 'List and show workspaces'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "sources" -d 'List, show, create, update and delete sources, and their schema config'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "destinations" -d 'List, show, create, update, enable, disable and delete destinations, and manage their filters'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "tracking-plans" -d 'List, show, create, update and delete tracking plans; manage their source connections'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "tokens" -d 'List, show, create and delete personal access tokens'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "catalog" -d 'Browse the catalog of sources and destinations'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "regulations" -d 'Create, list and show regulations (deletion requests) of the workspace (-w)'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "api" -d 'Call any API path: `seg api GET workspaces/acme/sources`'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "export" -d 'Write a workspace as a file: sources with their schema config, destinations with their config and filters, tracking plans with their rules and source connections'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "diff" -d 'Show what `seg apply` would change: the plan from a file to the workspace'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "apply" -d 'Make the workspace match a file: create, update (only the fields that differ) and, with --prune, delete'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "webhook" -d 'Debug webhook signatures and test endpoints: byte-exact with the service'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "auth" -d 'Log in to the Config API and manage the stored token'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "config" -d 'Show and change the settings of a profile (--profile, default `default`)'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "completion" -d 'Print a completion script for a shell'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "serve" -d 'Run a local emulator of the Config API v1beta'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "demo" -d 'Tour seg end to end on an emulator embedded in this process: no account, no token, no network'
complete -c seg -n "__fish_seg_using_subcommand help; and not __fish_seen_subcommand_from workspaces sources destinations tracking-plans tokens catalog regulations api export diff apply webhook auth config completion serve demo help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from workspaces" -f -a "list" -d 'List the workspaces your token reaches'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from workspaces" -f -a "get" -d 'Show one workspace (the one named, else the one of -w)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from sources" -f -a "list" -d 'List the sources of the workspace (-w), following every page'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from sources" -f -a "get" -d 'Show one source'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from sources" -f -a "create" -d 'Create a source from a catalog entry'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from sources" -f -a "update" -d 'Change fields of a source; only the fields named change (`update` and `patch` are the same command)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from sources" -f -a "patch" -d 'Change fields of a source; only the fields named change (`update` and `patch` are the same command)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from sources" -f -a "delete" -d 'Delete sources, with their destinations. Asks first on a terminal; elsewhere needs --yes'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from sources" -f -a "schema-config" -d 'Show or update a source\'s schema config'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from destinations" -f -a "list" -d 'List destinations: of one source with --source, else of every source of the workspace (-w)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from destinations" -f -a "get" -d 'Show one destination, with its settings'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from destinations" -f -a "create" -d 'Create a destination; its slug is the catalog destination\'s (webhooks, google-analytics, ...)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from destinations" -f -a "update" -d 'Change only the named fields of a destination (`update` and `patch` are the same command)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from destinations" -f -a "patch" -d 'Change only the named fields of a destination (`update` and `patch` are the same command)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from destinations" -f -a "enable" -d 'Enable a destination (same as `patch NAME --enabled`)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from destinations" -f -a "disable" -d 'Disable a destination (same as `patch NAME --enabled=false`)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from destinations" -f -a "delete" -d 'Delete destinations. Asks first on a terminal; elsewhere needs --yes'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from destinations" -f -a "filters" -d 'List, show, create, update and delete a destination\'s filters'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from tracking-plans" -f -a "list" -d 'List the tracking plans of the workspace (-w)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from tracking-plans" -f -a "get" -d 'Show one tracking plan with its rules'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from tracking-plans" -f -a "create" -d 'Create a tracking plan in the workspace (-w); its id (rs_...) is generated'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from tracking-plans" -f -a "update" -d 'Change a tracking plan\'s display name or rules (sent as PUT with an update mask, as the service expects)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from tracking-plans" -f -a "delete" -d 'Delete tracking plans. Asks first on a terminal; elsewhere needs --yes'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from tracking-plans" -f -a "connections" -d 'List, add and remove a tracking plan\'s source connections'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from tokens" -f -a "list" -d 'List access tokens (never their secrets)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from tokens" -f -a "create" -d 'Create an access token; its secret is printed once, in the `token` field'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from tokens" -f -a "get" -d 'Show one access token (never its secret)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from tokens" -f -a "delete" -d 'Delete access tokens: they stop working at once. Asks first on a terminal; elsewhere needs --yes'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from catalog" -f -a "sources" -d 'Catalog sources: list them, or get one'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from catalog" -f -a "destinations" -d 'Catalog destinations: list them, or get one with its settings'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from regulations" -f -a "create" -d 'Ask for users\' data to be deleted and/or suppressed. Irreversible: asks first on a terminal, needs --yes elsewhere'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from regulations" -f -a "list" -d 'List regulations'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from regulations" -f -a "get" -d 'Show one regulation'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from webhook" -f -a "sample" -d 'Print the exact body `seg webhook send` would post for a message type (plus a newline)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from webhook" -f -a "sign" -d 'Print the X-Signature of a body: lowercase hex HMAC-SHA1 of its exact bytes (no newline is stripped)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from webhook" -f -a "verify" -d 'Check an X-Signature against a body, and say why when it does not match'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from webhook" -f -a "send" -d 'Post signed messages to up to 5 URLs exactly as the service delivers them'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from webhook" -f -a "listen" -d 'Receive webhooks locally: print one line (or NDJSON record) per request, with its signature checked and, when invalid, the cause `seg webhook verify` would name'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from webhook" -f -a "log" -d 'List the requests `seg webhook listen` kept in its journal, with their ids, verdicts and answers'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from webhook" -f -a "replay" -d 'Send requests from the journal of `seg webhook listen` again: the exact body bytes and headers, to --to'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from auth" -f -a "login" -d 'Check an access token against the service and store it for the profile'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from auth" -f -a "status" -d 'Show which source supplies the token, whether it works, and the profile\'s settings'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from auth" -f -a "token" -d 'Print the token in use (for piping into other tools)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from auth" -f -a "logout" -d 'Remove the stored token of the profile (keyring and file store)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "list" -d 'List the profile\'s settings'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "get" -d 'Print one setting\'s bare value (exit 1 when it is not set)'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "set" -d 'Set a setting'
complete -c seg -n "__fish_seg_using_subcommand help; and __fish_seen_subcommand_from config" -f -a "unset" -d 'Remove a setting'
