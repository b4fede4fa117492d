-- seg's rate budget shared across machines (src/api/budget/server.rs): the GCRA of the machine's budget, whose one
-- number, the theoretical arrival time (TAT), is a key of this server, in milliseconds of this server's clock, so
-- the clocks of the machines sharing it do not matter. One script is one atomic step: nothing runs in between.
-- KEYS[1]: the budget of one token at one base URL.
-- ARGV: 1 'reserve' or 'back_off'; 2 the interval, ms; 3 the burst's slack, ms; 4 how far beyond it a stored time
-- may lie before it is taken as corrupt, ms; 5 (back_off) the wait the service asked for, ms; 6 how long the key
-- outlives its TAT, ms.
-- Returns {the wait before the reserved slot in ms, what was repaired (0 nothing, 1 not a time, 2 empty, 3 a value
-- of another type, 4 dated too far ahead), how far ahead it was, ms}.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local interval = tonumber(ARGV[2])
local tolerance = tonumber(ARGV[3])
local far = tonumber(ARGV[4])

local stored = 0
local repaired = 0
local ahead = 0
local raw = redis.pcall('GET', KEYS[1])
if type(raw) == 'table' then
  repaired = 3
elseif raw then
  if raw == '' then
    repaired = 2
  elseif not string.match(raw, '^%d+$') or string.len(raw) > 15 then
    repaired = 1
  else
    local n = tonumber(raw)
    if n > now + tolerance + far then
      repaired = 4
      ahead = n - now
    else
      stored = n
    end
  end
end

local wait = 0
local new
if ARGV[1] == 'reserve' then
  local tat = math.max(stored, now)
  wait = math.max(tat - tolerance, now) - now
  new = tat + interval
else
  new = math.max(stored, now + tonumber(ARGV[5]) + tolerance)
end
-- SET replaces a value of any type; the key expires once its TAT is past by the margin (then it means nothing).
redis.call('SET', KEYS[1], string.format('%d', new), 'PX', string.format('%d', new - now + tonumber(ARGV[6])))
return {wait, repaired, ahead}
