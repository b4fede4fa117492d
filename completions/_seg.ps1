
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'seg' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'seg'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'seg' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('workspaces', 'workspaces', [CompletionResultType]::ParameterValue, 'List and show workspaces')
            [CompletionResult]::new('sources', 'sources', [CompletionResultType]::ParameterValue, 'List, show, create, update and delete sources, and their schema config')
            [CompletionResult]::new('destinations', 'destinations', [CompletionResultType]::ParameterValue, 'List, show, create, update, enable, disable and delete destinations, and manage their filters')
            [CompletionResult]::new('tracking-plans', 'tracking-plans', [CompletionResultType]::ParameterValue, 'List, show, create, update and delete tracking plans; manage their source connections')
            [CompletionResult]::new('tokens', 'tokens', [CompletionResultType]::ParameterValue, 'List, show, create and delete personal access tokens')
            [CompletionResult]::new('catalog', 'catalog', [CompletionResultType]::ParameterValue, 'Browse the catalog of sources and destinations')
            [CompletionResult]::new('regulations', 'regulations', [CompletionResultType]::ParameterValue, 'Create, list and show regulations (deletion requests) of the workspace (-w)')
            [CompletionResult]::new('api', 'api', [CompletionResultType]::ParameterValue, 'Call any API path: `seg api GET workspaces/acme/sources`')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write a workspace as a file: sources with their schema config, destinations with their config and filters, tracking plans with their rules and source connections')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Show what `seg apply` would change: the plan from a file to the workspace')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Make the workspace match a file: create, update (only the fields that differ) and, with --prune, delete')
            [CompletionResult]::new('webhook', 'webhook', [CompletionResultType]::ParameterValue, 'Debug webhook signatures and test endpoints: byte-exact with the service')
            [CompletionResult]::new('auth', 'auth', [CompletionResultType]::ParameterValue, 'Log in to the Config API and manage the stored token')
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Show and change the settings of a profile (--profile, default `default`)')
            [CompletionResult]::new('completion', 'completion', [CompletionResultType]::ParameterValue, 'Print a completion script for a shell')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Run a local emulator of the Config API v1beta')
            [CompletionResult]::new('demo', 'demo', [CompletionResultType]::ParameterValue, 'Tour seg end to end on an emulator embedded in this process: no account, no token, no network')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;workspaces' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the workspaces your token reaches')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one workspace (the one named, else the one of -w)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;workspaces;list' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N items (no page is fetched beyond what N needs)')
            [CompletionResult]::new('--page-size', '--page-size', [CompletionResultType]::ParameterName, 'Items asked for per page [default: 100]')
            [CompletionResult]::new('--page-token', '--page-token', [CompletionResultType]::ParameterName, 'Start at this page token (an interrupted listing prints the one to resume from)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--no-paginate', '--no-paginate', [CompletionResultType]::ParameterName, 'Fetch one page only; its next_page_token goes to stderr')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;workspaces;get' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;workspaces;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the workspaces your token reaches')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one workspace (the one named, else the one of -w)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;workspaces;help;list' {
            break
        }
        'seg;workspaces;help;get' {
            break
        }
        'seg;workspaces;help;help' {
            break
        }
        'seg;sources' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the sources of the workspace (-w), following every page')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one source')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a source from a catalog entry')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change fields of a source; only the fields named change (`update` and `patch` are the same command)')
            [CompletionResult]::new('patch', 'patch', [CompletionResultType]::ParameterValue, 'Change fields of a source; only the fields named change (`update` and `patch` are the same command)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete sources, with their destinations. Asks first on a terminal; elsewhere needs --yes')
            [CompletionResult]::new('schema-config', 'schema-config', [CompletionResultType]::ParameterValue, 'Show or update a source''s schema config')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;sources;list' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N items (no page is fetched beyond what N needs)')
            [CompletionResult]::new('--page-size', '--page-size', [CompletionResultType]::ParameterName, 'Items asked for per page [default: 100]')
            [CompletionResult]::new('--page-token', '--page-token', [CompletionResultType]::ParameterName, 'Start at this page token (an interrupted listing prints the one to resume from)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--no-paginate', '--no-paginate', [CompletionResultType]::ParameterName, 'Fetch one page only; its next_page_token goes to stderr')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;sources;get' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;sources;create' {
            [CompletionResult]::new('--catalog', '--catalog', [CompletionResultType]::ParameterName, 'Catalog source: SLUG or catalog/sources/SLUG (`seg catalog sources list`)')
            [CompletionResult]::new('--display-name', '--display-name', [CompletionResultType]::ParameterName, 'Display name [default: the slug]')
            [CompletionResult]::new('--label', '--label', [CompletionResultType]::ParameterName, 'A label (repeatable)')
            [CompletionResult]::new('--each', '--each', [CompletionResultType]::ParameterName, 'Create one source per line of this file (`-` for stdin): a name, or an ndjson object of these flags')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;sources;update' {
            [CompletionResult]::new('--display-name', '--display-name', [CompletionResultType]::ParameterName, 'New display name')
            [CompletionResult]::new('--label', '--label', [CompletionResultType]::ParameterName, 'Labels to set, replacing the current ones (repeatable)')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set FIELD (nested with dots) to VALUE, parsed as JSON when it parses, else a string')
            [CompletionResult]::new('--clear', '--clear', [CompletionResultType]::ParameterName, 'List FIELD in the update mask with no value: the service empties it')
            [CompletionResult]::new('--from-file', '--from-file', [CompletionResultType]::ParameterName, 'A JSON object of fields to set (`-` for stdin); each top-level key becomes a mask path')
            [CompletionResult]::new('--update-mask', '--update-mask', [CompletionResultType]::ParameterName, 'Send exactly these mask paths (comma-separated) instead of those the flags imply')
            [CompletionResult]::new('--each', '--each', [CompletionResultType]::ParameterName, 'Update one source per line of this file (`-` for stdin): a name, or an ndjson object of these flags')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;sources;patch' {
            [CompletionResult]::new('--display-name', '--display-name', [CompletionResultType]::ParameterName, 'New display name')
            [CompletionResult]::new('--label', '--label', [CompletionResultType]::ParameterName, 'Labels to set, replacing the current ones (repeatable)')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set FIELD (nested with dots) to VALUE, parsed as JSON when it parses, else a string')
            [CompletionResult]::new('--clear', '--clear', [CompletionResultType]::ParameterName, 'List FIELD in the update mask with no value: the service empties it')
            [CompletionResult]::new('--from-file', '--from-file', [CompletionResultType]::ParameterName, 'A JSON object of fields to set (`-` for stdin); each top-level key becomes a mask path')
            [CompletionResult]::new('--update-mask', '--update-mask', [CompletionResultType]::ParameterName, 'Send exactly these mask paths (comma-separated) instead of those the flags imply')
            [CompletionResult]::new('--each', '--each', [CompletionResultType]::ParameterName, 'Update one source per line of this file (`-` for stdin): a name, or an ndjson object of these flags')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;sources;delete' {
            [CompletionResult]::new('--each', '--each', [CompletionResultType]::ParameterName, 'Delete every source named in this file, one a line (`-` for stdin), concurrently, one result line each')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;sources;schema-config' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show a source''s schema config')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change only the named fields of a source''s schema config (`update` and `patch` are the same command)')
            [CompletionResult]::new('patch', 'patch', [CompletionResultType]::ParameterValue, 'Change only the named fields of a source''s schema config (`update` and `patch` are the same command)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;sources;schema-config;get' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;sources;schema-config;update' {
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set FIELD (nested with dots) to VALUE, parsed as JSON when it parses, else a string')
            [CompletionResult]::new('--clear', '--clear', [CompletionResultType]::ParameterName, 'List FIELD in the update mask with no value: the service empties it')
            [CompletionResult]::new('--from-file', '--from-file', [CompletionResultType]::ParameterName, 'A JSON object of fields to set (`-` for stdin); each top-level key becomes a mask path')
            [CompletionResult]::new('--update-mask', '--update-mask', [CompletionResultType]::ParameterName, 'Send exactly these mask paths (comma-separated) instead of those the flags imply')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;sources;schema-config;patch' {
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set FIELD (nested with dots) to VALUE, parsed as JSON when it parses, else a string')
            [CompletionResult]::new('--clear', '--clear', [CompletionResultType]::ParameterName, 'List FIELD in the update mask with no value: the service empties it')
            [CompletionResult]::new('--from-file', '--from-file', [CompletionResultType]::ParameterName, 'A JSON object of fields to set (`-` for stdin); each top-level key becomes a mask path')
            [CompletionResult]::new('--update-mask', '--update-mask', [CompletionResultType]::ParameterName, 'Send exactly these mask paths (comma-separated) instead of those the flags imply')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;sources;schema-config;help' {
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show a source''s schema config')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change only the named fields of a source''s schema config (`update` and `patch` are the same command)')
            [CompletionResult]::new('patch', 'patch', [CompletionResultType]::ParameterValue, 'Change only the named fields of a source''s schema config (`update` and `patch` are the same command)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;sources;schema-config;help;get' {
            break
        }
        'seg;sources;schema-config;help;update' {
            break
        }
        'seg;sources;schema-config;help;patch' {
            break
        }
        'seg;sources;schema-config;help;help' {
            break
        }
        'seg;sources;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the sources of the workspace (-w), following every page')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one source')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a source from a catalog entry')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change fields of a source; only the fields named change (`update` and `patch` are the same command)')
            [CompletionResult]::new('patch', 'patch', [CompletionResultType]::ParameterValue, 'Change fields of a source; only the fields named change (`update` and `patch` are the same command)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete sources, with their destinations. Asks first on a terminal; elsewhere needs --yes')
            [CompletionResult]::new('schema-config', 'schema-config', [CompletionResultType]::ParameterValue, 'Show or update a source''s schema config')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;sources;help;list' {
            break
        }
        'seg;sources;help;get' {
            break
        }
        'seg;sources;help;create' {
            break
        }
        'seg;sources;help;update' {
            break
        }
        'seg;sources;help;patch' {
            break
        }
        'seg;sources;help;delete' {
            break
        }
        'seg;sources;help;schema-config' {
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show a source''s schema config')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change only the named fields of a source''s schema config (`update` and `patch` are the same command)')
            [CompletionResult]::new('patch', 'patch', [CompletionResultType]::ParameterValue, 'Change only the named fields of a source''s schema config (`update` and `patch` are the same command)')
            break
        }
        'seg;sources;help;schema-config;get' {
            break
        }
        'seg;sources;help;schema-config;update' {
            break
        }
        'seg;sources;help;schema-config;patch' {
            break
        }
        'seg;sources;help;help' {
            break
        }
        'seg;destinations' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List destinations: of one source with --source, else of every source of the workspace (-w)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one destination, with its settings')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a destination; its slug is the catalog destination''s (webhooks, google-analytics, ...)')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change only the named fields of a destination (`update` and `patch` are the same command)')
            [CompletionResult]::new('patch', 'patch', [CompletionResultType]::ParameterValue, 'Change only the named fields of a destination (`update` and `patch` are the same command)')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Enable a destination (same as `patch NAME --enabled`)')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Disable a destination (same as `patch NAME --enabled=false`)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete destinations. Asks first on a terminal; elsewhere needs --yes')
            [CompletionResult]::new('filters', 'filters', [CompletionResultType]::ParameterValue, 'List, show, create, update and delete a destination''s filters')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;destinations;list' {
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N items (no page is fetched beyond what N needs)')
            [CompletionResult]::new('--page-size', '--page-size', [CompletionResultType]::ParameterName, 'Items asked for per page [default: 100]')
            [CompletionResult]::new('--page-token', '--page-token', [CompletionResultType]::ParameterName, 'Start at this page token (an interrupted listing prints the one to resume from)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every source''s destinations (the default without --source)')
            [CompletionResult]::new('--no-paginate', '--no-paginate', [CompletionResultType]::ParameterName, 'Fetch one page only; its next_page_token goes to stderr')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;destinations;get' {
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;destinations;create' {
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'A setting KEY=VALUE; VALUE is JSON when it parses, else a string (repeatable)')
            [CompletionResult]::new('--connection-mode', '--connection-mode', [CompletionResultType]::ParameterName, 'Connection mode')
            [CompletionResult]::new('--each', '--each', [CompletionResultType]::ParameterName, 'Create one per line of this file (`-` for stdin): a name, or an ndjson object of these flags')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--enabled', '--enabled', [CompletionResultType]::ParameterName, 'Create it enabled')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;destinations;update' {
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG')
            [CompletionResult]::new('--enabled', '--enabled', [CompletionResultType]::ParameterName, 'Enable it, or set enabled to BOOL')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'A setting KEY=VALUE, merged by key; VALUE is JSON when it parses, else a string (repeatable)')
            [CompletionResult]::new('--connection-mode', '--connection-mode', [CompletionResultType]::ParameterName, 'Connection mode')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set FIELD (nested with dots) to VALUE, parsed as JSON when it parses, else a string')
            [CompletionResult]::new('--clear', '--clear', [CompletionResultType]::ParameterName, 'List FIELD in the update mask with no value: the service empties it')
            [CompletionResult]::new('--from-file', '--from-file', [CompletionResultType]::ParameterName, 'A JSON object of fields to set (`-` for stdin); each top-level key becomes a mask path')
            [CompletionResult]::new('--update-mask', '--update-mask', [CompletionResultType]::ParameterName, 'Send exactly these mask paths (comma-separated) instead of those the flags imply')
            [CompletionResult]::new('--each', '--each', [CompletionResultType]::ParameterName, 'Update one destination per line of this file (`-` for stdin): a name, or an ndjson object of {"name", "enabled", "connection_mode", "config": {K: V}}; the flags apply to every line')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--disabled', '--disabled', [CompletionResultType]::ParameterName, 'Disable it (same as --enabled=false)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;destinations;patch' {
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG')
            [CompletionResult]::new('--enabled', '--enabled', [CompletionResultType]::ParameterName, 'Enable it, or set enabled to BOOL')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'A setting KEY=VALUE, merged by key; VALUE is JSON when it parses, else a string (repeatable)')
            [CompletionResult]::new('--connection-mode', '--connection-mode', [CompletionResultType]::ParameterName, 'Connection mode')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set FIELD (nested with dots) to VALUE, parsed as JSON when it parses, else a string')
            [CompletionResult]::new('--clear', '--clear', [CompletionResultType]::ParameterName, 'List FIELD in the update mask with no value: the service empties it')
            [CompletionResult]::new('--from-file', '--from-file', [CompletionResultType]::ParameterName, 'A JSON object of fields to set (`-` for stdin); each top-level key becomes a mask path')
            [CompletionResult]::new('--update-mask', '--update-mask', [CompletionResultType]::ParameterName, 'Send exactly these mask paths (comma-separated) instead of those the flags imply')
            [CompletionResult]::new('--each', '--each', [CompletionResultType]::ParameterName, 'Update one destination per line of this file (`-` for stdin): a name, or an ndjson object of {"name", "enabled", "connection_mode", "config": {K: V}}; the flags apply to every line')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--disabled', '--disabled', [CompletionResultType]::ParameterName, 'Disable it (same as --enabled=false)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;destinations;enable' {
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG')
            [CompletionResult]::new('--each', '--each', [CompletionResultType]::ParameterName, 'Do it to each destination named in this file, one a line (`-` for stdin)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;destinations;disable' {
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG')
            [CompletionResult]::new('--each', '--each', [CompletionResultType]::ParameterName, 'Do it to each destination named in this file, one a line (`-` for stdin)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;destinations;delete' {
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG')
            [CompletionResult]::new('--each', '--each', [CompletionResultType]::ParameterName, 'Delete every destination named in this file, one a line (`-` for stdin), concurrently, one result line each')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;destinations;filters' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a destination''s filters, or with --all those of every destination')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one filter')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a destination filter')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change only the named fields of a filter (`update` and `patch` are the same command)')
            [CompletionResult]::new('patch', 'patch', [CompletionResultType]::ParameterValue, 'Change only the named fields of a filter (`update` and `patch` are the same command)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete filters of a destination. Asks first on a terminal; elsewhere needs --yes')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;destinations;filters;list' {
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N items (no page is fetched beyond what N needs)')
            [CompletionResult]::new('--page-size', '--page-size', [CompletionResultType]::ParameterName, 'Items asked for per page [default: 100]')
            [CompletionResult]::new('--page-token', '--page-token', [CompletionResultType]::ParameterName, 'Start at this page token (an interrupted listing prints the one to resume from)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every destination''s filters')
            [CompletionResult]::new('--no-paginate', '--no-paginate', [CompletionResultType]::ParameterName, 'Fetch one page only; its next_page_token goes to stderr')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;destinations;filters;get' {
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;destinations;filters;create' {
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG')
            [CompletionResult]::new('--title', '--title', [CompletionResultType]::ParameterName, 'The filter''s title')
            [CompletionResult]::new('--description', '--description', [CompletionResultType]::ParameterName, 'What it is for')
            [CompletionResult]::new('--if', '--if', [CompletionResultType]::ParameterName, 'The FQL condition of the events it acts on (`all`: every event); checked here first')
            [CompletionResult]::new('--action', '--action', [CompletionResultType]::ParameterName, 'An action (repeatable): drop, sample=P[:PATH], allow=G.F,..., block=G.F,... or JSON')
            [CompletionResult]::new('--from-file', '--from-file', [CompletionResultType]::ParameterName, 'The filter as a JSON object ({"title", "if", "actions", "enabled", "description"}; `-` for stdin)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--disabled', '--disabled', [CompletionResultType]::ParameterName, 'Create it disabled')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;destinations;filters;update' {
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG')
            [CompletionResult]::new('--title', '--title', [CompletionResultType]::ParameterName, 'A new title')
            [CompletionResult]::new('--description', '--description', [CompletionResultType]::ParameterName, 'A new description')
            [CompletionResult]::new('--if', '--if', [CompletionResultType]::ParameterName, 'A new FQL condition; checked here first')
            [CompletionResult]::new('--action', '--action', [CompletionResultType]::ParameterName, 'The new list of actions (repeatable): drop, sample=P[:PATH], allow=G.F,..., block=G.F,... or JSON')
            [CompletionResult]::new('--enabled', '--enabled', [CompletionResultType]::ParameterName, 'Enable it, or set enabled to BOOL')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set FIELD (nested with dots) to VALUE, parsed as JSON when it parses, else a string')
            [CompletionResult]::new('--clear', '--clear', [CompletionResultType]::ParameterName, 'List FIELD in the update mask with no value: the service empties it')
            [CompletionResult]::new('--from-file', '--from-file', [CompletionResultType]::ParameterName, 'A JSON object of fields to set (`-` for stdin); each top-level key becomes a mask path')
            [CompletionResult]::new('--update-mask', '--update-mask', [CompletionResultType]::ParameterName, 'Send exactly these mask paths (comma-separated) instead of those the flags imply')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--disabled', '--disabled', [CompletionResultType]::ParameterName, 'Disable it (same as --enabled=false)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;destinations;filters;patch' {
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG')
            [CompletionResult]::new('--title', '--title', [CompletionResultType]::ParameterName, 'A new title')
            [CompletionResult]::new('--description', '--description', [CompletionResultType]::ParameterName, 'A new description')
            [CompletionResult]::new('--if', '--if', [CompletionResultType]::ParameterName, 'A new FQL condition; checked here first')
            [CompletionResult]::new('--action', '--action', [CompletionResultType]::ParameterName, 'The new list of actions (repeatable): drop, sample=P[:PATH], allow=G.F,..., block=G.F,... or JSON')
            [CompletionResult]::new('--enabled', '--enabled', [CompletionResultType]::ParameterName, 'Enable it, or set enabled to BOOL')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set FIELD (nested with dots) to VALUE, parsed as JSON when it parses, else a string')
            [CompletionResult]::new('--clear', '--clear', [CompletionResultType]::ParameterName, 'List FIELD in the update mask with no value: the service empties it')
            [CompletionResult]::new('--from-file', '--from-file', [CompletionResultType]::ParameterName, 'A JSON object of fields to set (`-` for stdin); each top-level key becomes a mask path')
            [CompletionResult]::new('--update-mask', '--update-mask', [CompletionResultType]::ParameterName, 'Send exactly these mask paths (comma-separated) instead of those the flags imply')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--disabled', '--disabled', [CompletionResultType]::ParameterName, 'Disable it (same as --enabled=false)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;destinations;filters;delete' {
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Source of short destination names: SLUG (with -w) or workspaces/WS/sources/SLUG')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;destinations;filters;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a destination''s filters, or with --all those of every destination')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one filter')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a destination filter')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change only the named fields of a filter (`update` and `patch` are the same command)')
            [CompletionResult]::new('patch', 'patch', [CompletionResultType]::ParameterValue, 'Change only the named fields of a filter (`update` and `patch` are the same command)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete filters of a destination. Asks first on a terminal; elsewhere needs --yes')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;destinations;filters;help;list' {
            break
        }
        'seg;destinations;filters;help;get' {
            break
        }
        'seg;destinations;filters;help;create' {
            break
        }
        'seg;destinations;filters;help;update' {
            break
        }
        'seg;destinations;filters;help;patch' {
            break
        }
        'seg;destinations;filters;help;delete' {
            break
        }
        'seg;destinations;filters;help;help' {
            break
        }
        'seg;destinations;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List destinations: of one source with --source, else of every source of the workspace (-w)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one destination, with its settings')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a destination; its slug is the catalog destination''s (webhooks, google-analytics, ...)')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change only the named fields of a destination (`update` and `patch` are the same command)')
            [CompletionResult]::new('patch', 'patch', [CompletionResultType]::ParameterValue, 'Change only the named fields of a destination (`update` and `patch` are the same command)')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Enable a destination (same as `patch NAME --enabled`)')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Disable a destination (same as `patch NAME --enabled=false`)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete destinations. Asks first on a terminal; elsewhere needs --yes')
            [CompletionResult]::new('filters', 'filters', [CompletionResultType]::ParameterValue, 'List, show, create, update and delete a destination''s filters')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;destinations;help;list' {
            break
        }
        'seg;destinations;help;get' {
            break
        }
        'seg;destinations;help;create' {
            break
        }
        'seg;destinations;help;update' {
            break
        }
        'seg;destinations;help;patch' {
            break
        }
        'seg;destinations;help;enable' {
            break
        }
        'seg;destinations;help;disable' {
            break
        }
        'seg;destinations;help;delete' {
            break
        }
        'seg;destinations;help;filters' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a destination''s filters, or with --all those of every destination')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one filter')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a destination filter')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change only the named fields of a filter (`update` and `patch` are the same command)')
            [CompletionResult]::new('patch', 'patch', [CompletionResultType]::ParameterValue, 'Change only the named fields of a filter (`update` and `patch` are the same command)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete filters of a destination. Asks first on a terminal; elsewhere needs --yes')
            break
        }
        'seg;destinations;help;filters;list' {
            break
        }
        'seg;destinations;help;filters;get' {
            break
        }
        'seg;destinations;help;filters;create' {
            break
        }
        'seg;destinations;help;filters;update' {
            break
        }
        'seg;destinations;help;filters;patch' {
            break
        }
        'seg;destinations;help;filters;delete' {
            break
        }
        'seg;destinations;help;help' {
            break
        }
        'seg;tracking-plans' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the tracking plans of the workspace (-w)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one tracking plan with its rules')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a tracking plan in the workspace (-w); its id (rs_...) is generated')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change a tracking plan''s display name or rules (sent as PUT with an update mask, as the service expects)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete tracking plans. Asks first on a terminal; elsewhere needs --yes')
            [CompletionResult]::new('connections', 'connections', [CompletionResultType]::ParameterValue, 'List, add and remove a tracking plan''s source connections')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;tracking-plans;list' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N items (no page is fetched beyond what N needs)')
            [CompletionResult]::new('--page-size', '--page-size', [CompletionResultType]::ParameterName, 'Items asked for per page [default: 100]')
            [CompletionResult]::new('--page-token', '--page-token', [CompletionResultType]::ParameterName, 'Start at this page token (an interrupted listing prints the one to resume from)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--no-paginate', '--no-paginate', [CompletionResultType]::ParameterName, 'Fetch one page only; its next_page_token goes to stderr')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;tracking-plans;get' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;tracking-plans;create' {
            [CompletionResult]::new('--display-name', '--display-name', [CompletionResultType]::ParameterName, 'Display name')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'A JSON file with the rules object (`events`, `global`, `identify`, `group`; `-` for stdin)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;tracking-plans;update' {
            [CompletionResult]::new('--display-name', '--display-name', [CompletionResultType]::ParameterName, 'New display name')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'A JSON file with the whole new rules object (`-` for stdin)')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set FIELD (nested with dots) to VALUE, parsed as JSON when it parses, else a string')
            [CompletionResult]::new('--clear', '--clear', [CompletionResultType]::ParameterName, 'List FIELD in the update mask with no value: the service empties it')
            [CompletionResult]::new('--from-file', '--from-file', [CompletionResultType]::ParameterName, 'A JSON object of fields to set (`-` for stdin); each top-level key becomes a mask path')
            [CompletionResult]::new('--update-mask', '--update-mask', [CompletionResultType]::ParameterName, 'Send exactly these mask paths (comma-separated) instead of those the flags imply')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;tracking-plans;delete' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;tracking-plans;connections' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the sources connected to a plan, or to every plan of the workspace with --all')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Connect a source to a plan')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Disconnect a source from a plan')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;tracking-plans;connections;list' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N items (no page is fetched beyond what N needs)')
            [CompletionResult]::new('--page-size', '--page-size', [CompletionResultType]::ParameterName, 'Items asked for per page [default: 100]')
            [CompletionResult]::new('--page-token', '--page-token', [CompletionResultType]::ParameterName, 'Start at this page token (an interrupted listing prints the one to resume from)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every plan''s connections')
            [CompletionResult]::new('--no-paginate', '--no-paginate', [CompletionResultType]::ParameterName, 'Fetch one page only; its next_page_token goes to stderr')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;tracking-plans;connections;add' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;tracking-plans;connections;remove' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;tracking-plans;connections;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the sources connected to a plan, or to every plan of the workspace with --all')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Connect a source to a plan')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Disconnect a source from a plan')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;tracking-plans;connections;help;list' {
            break
        }
        'seg;tracking-plans;connections;help;add' {
            break
        }
        'seg;tracking-plans;connections;help;remove' {
            break
        }
        'seg;tracking-plans;connections;help;help' {
            break
        }
        'seg;tracking-plans;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the tracking plans of the workspace (-w)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one tracking plan with its rules')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a tracking plan in the workspace (-w); its id (rs_...) is generated')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change a tracking plan''s display name or rules (sent as PUT with an update mask, as the service expects)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete tracking plans. Asks first on a terminal; elsewhere needs --yes')
            [CompletionResult]::new('connections', 'connections', [CompletionResultType]::ParameterValue, 'List, add and remove a tracking plan''s source connections')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;tracking-plans;help;list' {
            break
        }
        'seg;tracking-plans;help;get' {
            break
        }
        'seg;tracking-plans;help;create' {
            break
        }
        'seg;tracking-plans;help;update' {
            break
        }
        'seg;tracking-plans;help;delete' {
            break
        }
        'seg;tracking-plans;help;connections' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the sources connected to a plan, or to every plan of the workspace with --all')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Connect a source to a plan')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Disconnect a source from a plan')
            break
        }
        'seg;tracking-plans;help;connections;list' {
            break
        }
        'seg;tracking-plans;help;connections;add' {
            break
        }
        'seg;tracking-plans;help;connections;remove' {
            break
        }
        'seg;tracking-plans;help;help' {
            break
        }
        'seg;tokens' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List access tokens (never their secrets)')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create an access token; its secret is printed once, in the `token` field')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one access token (never its secret)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete access tokens: they stop working at once. Asks first on a terminal; elsewhere needs --yes')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;tokens;list' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N items (no page is fetched beyond what N needs)')
            [CompletionResult]::new('--page-size', '--page-size', [CompletionResultType]::ParameterName, 'Items asked for per page [default: 100]')
            [CompletionResult]::new('--page-token', '--page-token', [CompletionResultType]::ParameterName, 'Start at this page token (an interrupted listing prints the one to resume from)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--no-paginate', '--no-paginate', [CompletionResultType]::ParameterName, 'Fetch one page only; its next_page_token goes to stderr')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;tokens;create' {
            [CompletionResult]::new('--description', '--description', [CompletionResultType]::ParameterName, 'What the token is for')
            [CompletionResult]::new('--scope', '--scope', [CompletionResultType]::ParameterName, '`workspace` reads and writes; `workspace:read` only reads')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;tokens;get' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;tokens;delete' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;tokens;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List access tokens (never their secrets)')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create an access token; its secret is printed once, in the `token` field')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one access token (never its secret)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete access tokens: they stop working at once. Asks first on a terminal; elsewhere needs --yes')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;tokens;help;list' {
            break
        }
        'seg;tokens;help;create' {
            break
        }
        'seg;tokens;help;get' {
            break
        }
        'seg;tokens;help;delete' {
            break
        }
        'seg;tokens;help;help' {
            break
        }
        'seg;catalog' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('sources', 'sources', [CompletionResultType]::ParameterValue, 'Catalog sources: list them, or get one')
            [CompletionResult]::new('destinations', 'destinations', [CompletionResultType]::ParameterValue, 'Catalog destinations: list them, or get one with its settings')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;catalog;sources' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N items (no page is fetched beyond what N needs)')
            [CompletionResult]::new('--page-size', '--page-size', [CompletionResultType]::ParameterName, 'Items asked for per page [default: 100]')
            [CompletionResult]::new('--page-token', '--page-token', [CompletionResultType]::ParameterName, 'Start at this page token (an interrupted listing prints the one to resume from)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--no-paginate', '--no-paginate', [CompletionResultType]::ParameterName, 'Fetch one page only; its next_page_token goes to stderr')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the entries (the default)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one entry')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;catalog;sources;list' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N items (no page is fetched beyond what N needs)')
            [CompletionResult]::new('--page-size', '--page-size', [CompletionResultType]::ParameterName, 'Items asked for per page [default: 100]')
            [CompletionResult]::new('--page-token', '--page-token', [CompletionResultType]::ParameterName, 'Start at this page token (an interrupted listing prints the one to resume from)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--no-paginate', '--no-paginate', [CompletionResultType]::ParameterName, 'Fetch one page only; its next_page_token goes to stderr')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;catalog;sources;get' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;catalog;sources;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the entries (the default)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one entry')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;catalog;sources;help;list' {
            break
        }
        'seg;catalog;sources;help;get' {
            break
        }
        'seg;catalog;sources;help;help' {
            break
        }
        'seg;catalog;destinations' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N items (no page is fetched beyond what N needs)')
            [CompletionResult]::new('--page-size', '--page-size', [CompletionResultType]::ParameterName, 'Items asked for per page [default: 100]')
            [CompletionResult]::new('--page-token', '--page-token', [CompletionResultType]::ParameterName, 'Start at this page token (an interrupted listing prints the one to resume from)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--no-paginate', '--no-paginate', [CompletionResultType]::ParameterName, 'Fetch one page only; its next_page_token goes to stderr')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the entries (the default)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one entry')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;catalog;destinations;list' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N items (no page is fetched beyond what N needs)')
            [CompletionResult]::new('--page-size', '--page-size', [CompletionResultType]::ParameterName, 'Items asked for per page [default: 100]')
            [CompletionResult]::new('--page-token', '--page-token', [CompletionResultType]::ParameterName, 'Start at this page token (an interrupted listing prints the one to resume from)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--no-paginate', '--no-paginate', [CompletionResultType]::ParameterName, 'Fetch one page only; its next_page_token goes to stderr')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;catalog;destinations;get' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;catalog;destinations;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the entries (the default)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one entry')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;catalog;destinations;help;list' {
            break
        }
        'seg;catalog;destinations;help;get' {
            break
        }
        'seg;catalog;destinations;help;help' {
            break
        }
        'seg;catalog;help' {
            [CompletionResult]::new('sources', 'sources', [CompletionResultType]::ParameterValue, 'Catalog sources: list them, or get one')
            [CompletionResult]::new('destinations', 'destinations', [CompletionResultType]::ParameterValue, 'Catalog destinations: list them, or get one with its settings')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;catalog;help;sources' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the entries (the default)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one entry')
            break
        }
        'seg;catalog;help;sources;list' {
            break
        }
        'seg;catalog;help;sources;get' {
            break
        }
        'seg;catalog;help;destinations' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the entries (the default)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one entry')
            break
        }
        'seg;catalog;help;destinations;list' {
            break
        }
        'seg;catalog;help;destinations;get' {
            break
        }
        'seg;catalog;help;help' {
            break
        }
        'seg;regulations' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Ask for users'' data to be deleted and/or suppressed. Irreversible: asks first on a terminal, needs --yes elsewhere')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List regulations')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one regulation')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;regulations;create' {
            [CompletionResult]::new('--user-id', '--user-id', [CompletionResultType]::ParameterName, 'A user id (repeatable)')
            [CompletionResult]::new('--from-file', '--from-file', [CompletionResultType]::ParameterName, 'Read user ids from a file, one a line (`-` for stdin)')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'What to do')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;regulations;list' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N items (no page is fetched beyond what N needs)')
            [CompletionResult]::new('--page-size', '--page-size', [CompletionResultType]::ParameterName, 'Items asked for per page [default: 100]')
            [CompletionResult]::new('--page-token', '--page-token', [CompletionResultType]::ParameterName, 'Start at this page token (an interrupted listing prints the one to resume from)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--no-paginate', '--no-paginate', [CompletionResultType]::ParameterName, 'Fetch one page only; its next_page_token goes to stderr')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;regulations;get' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;regulations;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Ask for users'' data to be deleted and/or suppressed. Irreversible: asks first on a terminal, needs --yes elsewhere')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List regulations')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one regulation')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;regulations;help;create' {
            break
        }
        'seg;regulations;help;list' {
            break
        }
        'seg;regulations;help;get' {
            break
        }
        'seg;regulations;help;help' {
            break
        }
        'seg;api' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'A field KEY=VALUE (repeatable)')
            [CompletionResult]::new('--field', '--field', [CompletionResultType]::ParameterName, 'A field KEY=VALUE (repeatable)')
            [CompletionResult]::new('--input', '--input', [CompletionResultType]::ParameterName, 'The request body from a file, `-` for stdin')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Stop after N items (no page is fetched beyond what N needs)')
            [CompletionResult]::new('--page-size', '--page-size', [CompletionResultType]::ParameterName, 'Items asked for per page [default: 100]')
            [CompletionResult]::new('--page-token', '--page-token', [CompletionResultType]::ParameterName, 'Start at this page token (an interrupted listing prints the one to resume from)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--paginate', '--paginate', [CompletionResultType]::ParameterName, 'Follow next_page_token and print every page''s items as one list')
            [CompletionResult]::new('--no-paginate', '--no-paginate', [CompletionResultType]::ParameterName, 'Fetch one page only; its next_page_token goes to stderr')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;export' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Write here instead of stdout (`-`)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'yaml or json [default: yaml, or json with -o json]')
            [CompletionResult]::new('--only', '--only', [CompletionResultType]::ParameterName, 'Only these parts, comma-separated: sources, tracking-plans')
            [CompletionResult]::new('--secrets', '--secrets', [CompletionResultType]::ParameterName, 'ref: secrets as $env references; plain: their values (the file is written mode 0600)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;diff' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'The workspace file (`-` for stdin)')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Save the plan here (JSON), for `seg apply --plan`')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--prune', '--prune', [CompletionResultType]::ParameterName, 'Also plan to delete what is in the workspace and not in the file')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;apply' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'The workspace file (`-` for stdin)')
            [CompletionResult]::new('--plan', '--plan', [CompletionResultType]::ParameterName, 'A plan saved by `seg diff --out`')
            [CompletionResult]::new('--max-deletes', '--max-deletes', [CompletionResultType]::ParameterName, 'Refuse a plan that deletes more than N resources (those a delete takes with it counted)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--prune', '--prune', [CompletionResultType]::ParameterName, 'Also delete what is in the workspace and not in the file')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;webhook' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('sample', 'sample', [CompletionResultType]::ParameterValue, 'Print the exact body `seg webhook send` would post for a message type (plus a newline)')
            [CompletionResult]::new('sign', 'sign', [CompletionResultType]::ParameterValue, 'Print the X-Signature of a body: lowercase hex HMAC-SHA1 of its exact bytes (no newline is stripped)')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check an X-Signature against a body, and say why when it does not match')
            [CompletionResult]::new('send', 'send', [CompletionResultType]::ParameterValue, 'Post signed messages to up to 5 URLs exactly as the service delivers them')
            [CompletionResult]::new('listen', 'listen', [CompletionResultType]::ParameterValue, 'Receive webhooks locally: print one line (or NDJSON record) per request, with its signature checked and, when invalid, the cause `seg webhook verify` would name')
            [CompletionResult]::new('log', 'log', [CompletionResultType]::ParameterValue, 'List the requests `seg webhook listen` kept in its journal, with their ids, verdicts and answers')
            [CompletionResult]::new('replay', 'replay', [CompletionResultType]::ParameterValue, 'Send requests from the journal of `seg webhook listen` again: the exact body bytes and headers, to --to')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;webhook;sample' {
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Message type')
            [CompletionResult]::new('--user-id', '--user-id', [CompletionResultType]::ParameterName, 'The userId (and `User ID` of alias)')
            [CompletionResult]::new('--timestamp', '--timestamp', [CompletionResultType]::ParameterName, 'RFC 3339 time, normalised to UTC milliseconds, or `now`')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set a dotted PATH to VALUE (JSON when it parses, else a string) (repeatable)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--no-context', '--no-context', [CompletionResultType]::ParameterName, 'Leave out the sample `context` of tracking calls that list none')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;webhook;sign' {
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'The shared secret (shows in `ps`: prefer --secret-file or SEG_WEBHOOK_SECRET)')
            [CompletionResult]::new('--secret-file', '--secret-file', [CompletionResultType]::ParameterName, 'Read the secret from a file (its content less one trailing newline)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;webhook;verify' {
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'The shared secret (shows in `ps`: prefer --secret-file or SEG_WEBHOOK_SECRET)')
            [CompletionResult]::new('--secret-file', '--secret-file', [CompletionResultType]::ParameterName, 'Read the secret from a file (its content less one trailing newline)')
            [CompletionResult]::new('--signature', '--signature', [CompletionResultType]::ParameterName, 'The X-Signature header''s value')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Only the raw bytes count: a match after re-serialisation is a failure')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;webhook;send' {
            [CompletionResult]::new('--url', '--url', [CompletionResultType]::ParameterName, 'A URL to post to (repeatable, at most 5)')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Send the sample of this type [default: track]')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'Send this JSON body (`-` for stdin)')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'The shared secret (shows in `ps`: prefer --secret-file or SEG_WEBHOOK_SECRET)')
            [CompletionResult]::new('--secret-file', '--secret-file', [CompletionResultType]::ParameterName, 'Read the secret from a file (its content less one trailing newline)')
            [CompletionResult]::new('-H', '-H ', [CompletionResultType]::ParameterName, 'A header ''Name: value'' (repeatable, each name once; not one seg sets for the framing or the signature)')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'A header ''Name: value'' (repeatable, each name once; not one seg sets for the framing or the signature)')
            [CompletionResult]::new('--user-agent', '--user-agent', [CompletionResultType]::ParameterName, 'The User-Agent [default: Segment.io/1.0]')
            [CompletionResult]::new('--retry-window', '--retry-window', [CompletionResultType]::ParameterName, 'How long temporary failures are retried, from the first attempt (e.g. 30s, 4h)')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'Messages to send (each sample or --data body this many times)')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Messages in flight at once')
            [CompletionResult]::new('--cacert', '--cacert', [CompletionResultType]::ParameterName, 'Also trust the CA certificates of this PEM file')
            [CompletionResult]::new('--user-id', '--user-id', [CompletionResultType]::ParameterName, 'The user id of samples')
            [CompletionResult]::new('--timestamp', '--timestamp', [CompletionResultType]::ParameterName, 'The timestamp of samples (RFC 3339 or `now`)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--all-types', '--all-types', [CompletionResultType]::ParameterName, 'Send the sample of every type')
            [CompletionResult]::new('--raw', '--raw', [CompletionResultType]::ParameterName, 'Send the --data bytes as they are, not in JSON.stringify form')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;webhook;listen' {
            [CompletionResult]::new('--host', '--host', [CompletionResultType]::ParameterName, 'Address to listen on: an IP address or a host name such as localhost')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'Port; 0 picks a free one')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'The shared secret (shows in `ps`: prefer --secret-file or SEG_WEBHOOK_SECRET)')
            [CompletionResult]::new('--secret-file', '--secret-file', [CompletionResultType]::ParameterName, 'Read the secret from a file (its content less one trailing newline)')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Status to answer with (when nothing is forwarded)')
            [CompletionResult]::new('--delay', '--delay', [CompletionResultType]::ParameterName, 'Wait this long before answering (e.g. 6s to trigger the service''s 5 s timeout)')
            [CompletionResult]::new('--forward-to', '--forward-to', [CompletionResultType]::ParameterName, 'Forward the exact bytes and headers to this URL, and answer with what it answers')
            [CompletionResult]::new('--journal', '--journal', [CompletionResultType]::ParameterName, 'Keep the journal in this folder (created owner-only)')
            [CompletionResult]::new('--journal-max', '--journal-max', [CompletionResultType]::ParameterName, 'Requests the journal keeps; older ones are removed')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--inspect', '--inspect', [CompletionResultType]::ParameterName, 'Serve the inspector page at /_seg/ on this port (loopback addresses only)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;webhook;log' {
            [CompletionResult]::new('--journal', '--journal', [CompletionResultType]::ParameterName, 'The journal''s folder [default: the one `seg webhook listen` uses]')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Show this many of the newest requests')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;webhook;replay' {
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'The URL to send them to')
            [CompletionResult]::new('--journal', '--journal', [CompletionResultType]::ParameterName, 'The journal''s folder [default: the one `seg webhook listen` uses]')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'The shared secret (shows in `ps`: prefer --secret-file or SEG_WEBHOOK_SECRET)')
            [CompletionResult]::new('--secret-file', '--secret-file', [CompletionResultType]::ParameterName, 'Read the secret from a file (its content less one trailing newline)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--resign', '--resign', [CompletionResultType]::ParameterName, 'Replace each X-Signature with a fresh one made with the secret')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;webhook;help' {
            [CompletionResult]::new('sample', 'sample', [CompletionResultType]::ParameterValue, 'Print the exact body `seg webhook send` would post for a message type (plus a newline)')
            [CompletionResult]::new('sign', 'sign', [CompletionResultType]::ParameterValue, 'Print the X-Signature of a body: lowercase hex HMAC-SHA1 of its exact bytes (no newline is stripped)')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check an X-Signature against a body, and say why when it does not match')
            [CompletionResult]::new('send', 'send', [CompletionResultType]::ParameterValue, 'Post signed messages to up to 5 URLs exactly as the service delivers them')
            [CompletionResult]::new('listen', 'listen', [CompletionResultType]::ParameterValue, 'Receive webhooks locally: print one line (or NDJSON record) per request, with its signature checked and, when invalid, the cause `seg webhook verify` would name')
            [CompletionResult]::new('log', 'log', [CompletionResultType]::ParameterValue, 'List the requests `seg webhook listen` kept in its journal, with their ids, verdicts and answers')
            [CompletionResult]::new('replay', 'replay', [CompletionResultType]::ParameterValue, 'Send requests from the journal of `seg webhook listen` again: the exact body bytes and headers, to --to')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;webhook;help;sample' {
            break
        }
        'seg;webhook;help;sign' {
            break
        }
        'seg;webhook;help;verify' {
            break
        }
        'seg;webhook;help;send' {
            break
        }
        'seg;webhook;help;listen' {
            break
        }
        'seg;webhook;help;log' {
            break
        }
        'seg;webhook;help;replay' {
            break
        }
        'seg;webhook;help;help' {
            break
        }
        'seg;auth' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Check an access token against the service and store it for the profile')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show which source supplies the token, whether it works, and the profile''s settings')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Print the token in use (for piping into other tools)')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Remove the stored token of the profile (keyring and file store)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;auth;login' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('--with-token', '--with-token', [CompletionResultType]::ParameterName, 'Read the token from stdin')
            [CompletionResult]::new('--insecure-storage', '--insecure-storage', [CompletionResultType]::ParameterName, 'Store the token in a 0600 file, keyring or not, without asking')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;auth;status' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;auth;token' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;auth;logout' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;auth;help' {
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Check an access token against the service and store it for the profile')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show which source supplies the token, whether it works, and the profile''s settings')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Print the token in use (for piping into other tools)')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Remove the stored token of the profile (keyring and file store)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;auth;help;login' {
            break
        }
        'seg;auth;help;status' {
            break
        }
        'seg;auth;help;token' {
            break
        }
        'seg;auth;help;logout' {
            break
        }
        'seg;auth;help;help' {
            break
        }
        'seg;config' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the profile''s settings')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Print one setting''s bare value (exit 1 when it is not set)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Set a setting')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Remove a setting')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;config;list' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;config;get' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;config;set' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;config;unset' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;config;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the profile''s settings')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Print one setting''s bare value (exit 1 when it is not set)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Set a setting')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Remove a setting')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;config;help;list' {
            break
        }
        'seg;config;help;get' {
            break
        }
        'seg;config;help;set' {
            break
        }
        'seg;config;help;unset' {
            break
        }
        'seg;config;help;help' {
            break
        }
        'seg;completion' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;serve' {
            [CompletionResult]::new('--host', '--host', [CompletionResultType]::ParameterName, 'Address to listen on: an IP address or a host name such as localhost')
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'Port to listen on; 0 picks a free one (the first line says which)')
            [CompletionResult]::new('--accept-token', '--accept-token', [CompletionResultType]::ParameterName, 'A token to accept, as VALUE:SCOPE with SCOPE `workspace` (read and write) or `workspace:read` (repeatable). Without any, one token of each scope is made and printed')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Requests per minute per token before 429; 0 turns the limit off')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'Keep state in this file across restarts (crash-safe); without it state lives in memory')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Create the resources of this file at start: a workspace file (`seg/1`, as `seg export` writes it; its `$env` secrets read from the environment) or the JSON resource list of docs/EMULATOR.md. What exists is kept, so the seed can be given again with --data')
            [CompletionResult]::new('--retry-window', '--retry-window', [CompletionResultType]::ParameterName, 'How long temporary webhook delivery failures are retried, from the first attempt (e.g. 30s, 4h)')
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;demo' {
            [CompletionResult]::new('--base-url', '--base-url', [CompletionResultType]::ParameterName, 'Service address [default: https://platform.segmentapis.com]')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'API path prefix [default: v1beta]')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'Bearer token [env: SEG_TOKEN]. Shows in `ps`: prefer SEG_TOKEN, --token-file or `seg auth login`')
            [CompletionResult]::new('--token-file', '--token-file', [CompletionResultType]::ParameterName, 'Read the token from a file (`-` for stdin) [env: SEG_TOKEN_FILE]')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'Named settings in the config file [default: default]')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'Workspace for short names (`seg serve` takes it repeatedly: the workspaces to serve)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table, json, ndjson, yaml, name [default: table on a terminal, else json]')
            [CompletionResult]::new('--jq', '--jq', [CompletionResultType]::ParameterName, 'jq filter over the whole JSON result (strings print raw)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto, always, never [env: NO_COLOR turns auto off]')
            [CompletionResult]::new('--rate-limit', '--rate-limit', [CompletionResultType]::ParameterName, 'Client-side pacing in requests per minute; 0 = off [default: 200]')
            [CompletionResult]::new('--max-retries', '--max-retries', [CompletionResultType]::ParameterName, 'Retries of a retryable failure (429; 503, 504 and transport errors when idempotent) [default: 3]')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Timeout of each request, e.g. 30s, 2m: API calls [default: 30s]; `webhook send`, `webhook replay` and `listen --forward-to` use it for each POST [default: 5s, the service''s]')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Log requests on stderr (-v), plus headers and bodies (-vv); the token is redacted [env: SEG_DEBUG=1|2]')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Change nothing: print each request that would change something as a JSON line on stdout (files and keyring entries on stderr) and send none of them; reads still happen [env: SEG_DRY_RUN=1]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Answer yes to confirmations (needed to delete without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'seg;help' {
            [CompletionResult]::new('workspaces', 'workspaces', [CompletionResultType]::ParameterValue, 'List and show workspaces')
            [CompletionResult]::new('sources', 'sources', [CompletionResultType]::ParameterValue, 'List, show, create, update and delete sources, and their schema config')
            [CompletionResult]::new('destinations', 'destinations', [CompletionResultType]::ParameterValue, 'List, show, create, update, enable, disable and delete destinations, and manage their filters')
            [CompletionResult]::new('tracking-plans', 'tracking-plans', [CompletionResultType]::ParameterValue, 'List, show, create, update and delete tracking plans; manage their source connections')
            [CompletionResult]::new('tokens', 'tokens', [CompletionResultType]::ParameterValue, 'List, show, create and delete personal access tokens')
            [CompletionResult]::new('catalog', 'catalog', [CompletionResultType]::ParameterValue, 'Browse the catalog of sources and destinations')
            [CompletionResult]::new('regulations', 'regulations', [CompletionResultType]::ParameterValue, 'Create, list and show regulations (deletion requests) of the workspace (-w)')
            [CompletionResult]::new('api', 'api', [CompletionResultType]::ParameterValue, 'Call any API path: `seg api GET workspaces/acme/sources`')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write a workspace as a file: sources with their schema config, destinations with their config and filters, tracking plans with their rules and source connections')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Show what `seg apply` would change: the plan from a file to the workspace')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Make the workspace match a file: create, update (only the fields that differ) and, with --prune, delete')
            [CompletionResult]::new('webhook', 'webhook', [CompletionResultType]::ParameterValue, 'Debug webhook signatures and test endpoints: byte-exact with the service')
            [CompletionResult]::new('auth', 'auth', [CompletionResultType]::ParameterValue, 'Log in to the Config API and manage the stored token')
            [CompletionResult]::new('config', 'config', [CompletionResultType]::ParameterValue, 'Show and change the settings of a profile (--profile, default `default`)')
            [CompletionResult]::new('completion', 'completion', [CompletionResultType]::ParameterValue, 'Print a completion script for a shell')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Run a local emulator of the Config API v1beta')
            [CompletionResult]::new('demo', 'demo', [CompletionResultType]::ParameterValue, 'Tour seg end to end on an emulator embedded in this process: no account, no token, no network')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'seg;help;workspaces' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the workspaces your token reaches')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one workspace (the one named, else the one of -w)')
            break
        }
        'seg;help;workspaces;list' {
            break
        }
        'seg;help;workspaces;get' {
            break
        }
        'seg;help;sources' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the sources of the workspace (-w), following every page')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one source')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a source from a catalog entry')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change fields of a source; only the fields named change (`update` and `patch` are the same command)')
            [CompletionResult]::new('patch', 'patch', [CompletionResultType]::ParameterValue, 'Change fields of a source; only the fields named change (`update` and `patch` are the same command)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete sources, with their destinations. Asks first on a terminal; elsewhere needs --yes')
            [CompletionResult]::new('schema-config', 'schema-config', [CompletionResultType]::ParameterValue, 'Show or update a source''s schema config')
            break
        }
        'seg;help;sources;list' {
            break
        }
        'seg;help;sources;get' {
            break
        }
        'seg;help;sources;create' {
            break
        }
        'seg;help;sources;update' {
            break
        }
        'seg;help;sources;patch' {
            break
        }
        'seg;help;sources;delete' {
            break
        }
        'seg;help;sources;schema-config' {
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show a source''s schema config')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change only the named fields of a source''s schema config (`update` and `patch` are the same command)')
            [CompletionResult]::new('patch', 'patch', [CompletionResultType]::ParameterValue, 'Change only the named fields of a source''s schema config (`update` and `patch` are the same command)')
            break
        }
        'seg;help;sources;schema-config;get' {
            break
        }
        'seg;help;sources;schema-config;update' {
            break
        }
        'seg;help;sources;schema-config;patch' {
            break
        }
        'seg;help;destinations' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List destinations: of one source with --source, else of every source of the workspace (-w)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one destination, with its settings')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a destination; its slug is the catalog destination''s (webhooks, google-analytics, ...)')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change only the named fields of a destination (`update` and `patch` are the same command)')
            [CompletionResult]::new('patch', 'patch', [CompletionResultType]::ParameterValue, 'Change only the named fields of a destination (`update` and `patch` are the same command)')
            [CompletionResult]::new('enable', 'enable', [CompletionResultType]::ParameterValue, 'Enable a destination (same as `patch NAME --enabled`)')
            [CompletionResult]::new('disable', 'disable', [CompletionResultType]::ParameterValue, 'Disable a destination (same as `patch NAME --enabled=false`)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete destinations. Asks first on a terminal; elsewhere needs --yes')
            [CompletionResult]::new('filters', 'filters', [CompletionResultType]::ParameterValue, 'List, show, create, update and delete a destination''s filters')
            break
        }
        'seg;help;destinations;list' {
            break
        }
        'seg;help;destinations;get' {
            break
        }
        'seg;help;destinations;create' {
            break
        }
        'seg;help;destinations;update' {
            break
        }
        'seg;help;destinations;patch' {
            break
        }
        'seg;help;destinations;enable' {
            break
        }
        'seg;help;destinations;disable' {
            break
        }
        'seg;help;destinations;delete' {
            break
        }
        'seg;help;destinations;filters' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List a destination''s filters, or with --all those of every destination')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one filter')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a destination filter')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change only the named fields of a filter (`update` and `patch` are the same command)')
            [CompletionResult]::new('patch', 'patch', [CompletionResultType]::ParameterValue, 'Change only the named fields of a filter (`update` and `patch` are the same command)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete filters of a destination. Asks first on a terminal; elsewhere needs --yes')
            break
        }
        'seg;help;destinations;filters;list' {
            break
        }
        'seg;help;destinations;filters;get' {
            break
        }
        'seg;help;destinations;filters;create' {
            break
        }
        'seg;help;destinations;filters;update' {
            break
        }
        'seg;help;destinations;filters;patch' {
            break
        }
        'seg;help;destinations;filters;delete' {
            break
        }
        'seg;help;tracking-plans' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the tracking plans of the workspace (-w)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one tracking plan with its rules')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a tracking plan in the workspace (-w); its id (rs_...) is generated')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change a tracking plan''s display name or rules (sent as PUT with an update mask, as the service expects)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete tracking plans. Asks first on a terminal; elsewhere needs --yes')
            [CompletionResult]::new('connections', 'connections', [CompletionResultType]::ParameterValue, 'List, add and remove a tracking plan''s source connections')
            break
        }
        'seg;help;tracking-plans;list' {
            break
        }
        'seg;help;tracking-plans;get' {
            break
        }
        'seg;help;tracking-plans;create' {
            break
        }
        'seg;help;tracking-plans;update' {
            break
        }
        'seg;help;tracking-plans;delete' {
            break
        }
        'seg;help;tracking-plans;connections' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the sources connected to a plan, or to every plan of the workspace with --all')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Connect a source to a plan')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Disconnect a source from a plan')
            break
        }
        'seg;help;tracking-plans;connections;list' {
            break
        }
        'seg;help;tracking-plans;connections;add' {
            break
        }
        'seg;help;tracking-plans;connections;remove' {
            break
        }
        'seg;help;tokens' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List access tokens (never their secrets)')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create an access token; its secret is printed once, in the `token` field')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one access token (never its secret)')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete access tokens: they stop working at once. Asks first on a terminal; elsewhere needs --yes')
            break
        }
        'seg;help;tokens;list' {
            break
        }
        'seg;help;tokens;create' {
            break
        }
        'seg;help;tokens;get' {
            break
        }
        'seg;help;tokens;delete' {
            break
        }
        'seg;help;catalog' {
            [CompletionResult]::new('sources', 'sources', [CompletionResultType]::ParameterValue, 'Catalog sources: list them, or get one')
            [CompletionResult]::new('destinations', 'destinations', [CompletionResultType]::ParameterValue, 'Catalog destinations: list them, or get one with its settings')
            break
        }
        'seg;help;catalog;sources' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the entries (the default)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one entry')
            break
        }
        'seg;help;catalog;sources;list' {
            break
        }
        'seg;help;catalog;sources;get' {
            break
        }
        'seg;help;catalog;destinations' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the entries (the default)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one entry')
            break
        }
        'seg;help;catalog;destinations;list' {
            break
        }
        'seg;help;catalog;destinations;get' {
            break
        }
        'seg;help;regulations' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Ask for users'' data to be deleted and/or suppressed. Irreversible: asks first on a terminal, needs --yes elsewhere')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List regulations')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one regulation')
            break
        }
        'seg;help;regulations;create' {
            break
        }
        'seg;help;regulations;list' {
            break
        }
        'seg;help;regulations;get' {
            break
        }
        'seg;help;api' {
            break
        }
        'seg;help;export' {
            break
        }
        'seg;help;diff' {
            break
        }
        'seg;help;apply' {
            break
        }
        'seg;help;webhook' {
            [CompletionResult]::new('sample', 'sample', [CompletionResultType]::ParameterValue, 'Print the exact body `seg webhook send` would post for a message type (plus a newline)')
            [CompletionResult]::new('sign', 'sign', [CompletionResultType]::ParameterValue, 'Print the X-Signature of a body: lowercase hex HMAC-SHA1 of its exact bytes (no newline is stripped)')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Check an X-Signature against a body, and say why when it does not match')
            [CompletionResult]::new('send', 'send', [CompletionResultType]::ParameterValue, 'Post signed messages to up to 5 URLs exactly as the service delivers them')
            [CompletionResult]::new('listen', 'listen', [CompletionResultType]::ParameterValue, 'Receive webhooks locally: print one line (or NDJSON record) per request, with its signature checked and, when invalid, the cause `seg webhook verify` would name')
            [CompletionResult]::new('log', 'log', [CompletionResultType]::ParameterValue, 'List the requests `seg webhook listen` kept in its journal, with their ids, verdicts and answers')
            [CompletionResult]::new('replay', 'replay', [CompletionResultType]::ParameterValue, 'Send requests from the journal of `seg webhook listen` again: the exact body bytes and headers, to --to')
            break
        }
        'seg;help;webhook;sample' {
            break
        }
        'seg;help;webhook;sign' {
            break
        }
        'seg;help;webhook;verify' {
            break
        }
        'seg;help;webhook;send' {
            break
        }
        'seg;help;webhook;listen' {
            break
        }
        'seg;help;webhook;log' {
            break
        }
        'seg;help;webhook;replay' {
            break
        }
        'seg;help;auth' {
            [CompletionResult]::new('login', 'login', [CompletionResultType]::ParameterValue, 'Check an access token against the service and store it for the profile')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show which source supplies the token, whether it works, and the profile''s settings')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Print the token in use (for piping into other tools)')
            [CompletionResult]::new('logout', 'logout', [CompletionResultType]::ParameterValue, 'Remove the stored token of the profile (keyring and file store)')
            break
        }
        'seg;help;auth;login' {
            break
        }
        'seg;help;auth;status' {
            break
        }
        'seg;help;auth;token' {
            break
        }
        'seg;help;auth;logout' {
            break
        }
        'seg;help;config' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the profile''s settings')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Print one setting''s bare value (exit 1 when it is not set)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Set a setting')
            [CompletionResult]::new('unset', 'unset', [CompletionResultType]::ParameterValue, 'Remove a setting')
            break
        }
        'seg;help;config;list' {
            break
        }
        'seg;help;config;get' {
            break
        }
        'seg;help;config;set' {
            break
        }
        'seg;help;config;unset' {
            break
        }
        'seg;help;completion' {
            break
        }
        'seg;help;serve' {
            break
        }
        'seg;help;demo' {
            break
        }
        'seg;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
