-- seg's rate budget shared across machines (src/api/budget/server.rs): the GCRA of the machine's budget
-- (src/api/budget/mod.rs, Gcra and State, which this mirrors), whose state, the theoretical arrival time (TAT) and
-- the end of the service's push-back while it lasts (UNTIL), is a key of this server, 'TAT' or 'TAT UNTIL', in
-- milliseconds of this server's clock, so the clocks of the machines sharing it do not matter. One script is one
-- atomic step: nothing runs in between.
-- KEYS[1]: the budget of one token at one base URL.
-- ARGV: 1 'reserve' or 'back_off'; 2 the interval, ms; 3 the burst's slack, ms; 4 the window (the longest a reserved
-- slot may be waited for), ms; 5 how far beyond now or UNTIL a stored TAT may lie, ms; 6 the longest push-back, ms;
-- 7 (back_off) the wait the service asked for, ms; 8 how long the key outlives its time, ms.
-- Returns {the wait in ms, what was repaired (0 nothing, 1 not a time, 2 empty, 3 a value of another type, 4 dated
-- beyond what seg writes), how far ahead it was in ms, 1 when a slot was reserved (0: ask again after the wait), the
-- push-back still pending in ms}. Every wait is at most the window plus the pending push-back, which the client
-- checks all the same.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local interval = tonumber(ARGV[2])
local tolerance = tonumber(ARGV[3])
local window = tonumber(ARGV[4])
local beyond = tonumber(ARGV[5])
local longest = tonumber(ARGV[6])

local tat = 0
local untl = 0
local repaired = 0
local ahead = 0
local raw = redis.pcall('GET', KEYS[1])
if type(raw) == 'table' then
  repaired = 3
elseif raw then
  local text = string.match(raw, '^%s*(.-)%s*$')
  local a, b = string.match(text, '^(%d+) (%d+)$')
  if not a then
    a = string.match(text, '^(%d+)$')
  end
  if text == '' then
    repaired = 2
  elseif not a or string.len(a) > 15 or (b and string.len(b) > 15) then
    repaired = 1
  else
    local t = tonumber(a)
    local u = tonumber(b or '0')
    if u > now + longest then
      repaired = 4
      ahead = u - now
    elseif t > math.max(now, u) + beyond then
      repaired = 4
      ahead = t - now
    else
      tat = t
      untl = u
    end
  end
end

local pending = math.max(untl - now, 0)
local wait = 0
local reserved = 1
if ARGV[1] == 'reserve' then
  local t = math.max(tat, now)
  wait = math.max(t - tolerance, now) - now
  if wait <= window then
    tat = t + interval
  else
    reserved = 0
    wait = math.min(wait - window, window + pending)
  end
else
  local asked = math.min(tonumber(ARGV[7]), longest)
  untl = math.max(untl, now + asked)
  tat = math.max(tat, now + asked + tolerance)
  pending = untl - now
end
local value = string.format('%d', tat)
if untl > now then
  value = value .. ' ' .. string.format('%d', untl)
end
-- SET replaces a value of any type; the key expires once its time is past by the margin (then it means nothing).
local last = math.max(tat, untl)
redis.call('SET', KEYS[1], value, 'PX', string.format('%d', last - now + tonumber(ARGV[8])))
return {wait, repaired, ahead, reserved, pending}
