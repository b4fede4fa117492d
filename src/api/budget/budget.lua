-- seg's rate budget shared across machines (src/api/budget/server.rs): the GCRA of the machine's budget
-- (src/api/budget/mod.rs, Gcra, Draw and State, which this mirrors), whose state, the theoretical arrival time (TAT)
-- and the end of the service's push-back while it lasts (UNTIL), is a key of this server, 'TAT' or 'TAT UNTIL', in
-- milliseconds of this server's clock, so the clocks of the machines sharing it do not matter. One script is one
-- atomic step: nothing runs in between.
-- KEYS[1]: the budget of one token at one base URL; KEYS[2] (a request of an operation with a limit of its own):
-- that operation's budget, beside it (the same hash tag).
-- ARGV: 1 'reserve' or 'back_off'; 2 the interval, ms; 3 the burst's slack, ms; 4 the window (the longest a reserved
-- slot may be waited for), ms; 5 how far beyond now or UNTIL a stored TAT may lie, ms; 6 the longest push-back, ms;
-- 7 (back_off) the wait the service asked for, ms; 8 how long a key outlives its time, ms; with KEYS[2]: 9 the
-- operation's interval, ms (no burst); 10 how far beyond now or UNTIL its stored TAT may lie, ms.
-- A reservation takes the earliest time both budgets let the request through, in both, when it comes within the
-- token's window; a back_off pushes back the operation's budget when KEYS[2] is given, else the token's.
-- Returns {the wait in ms, what was repaired in the token's key (0 nothing, 1 not a time, 2 empty, 3 a value of
-- another type, 4 dated beyond what seg writes), how far ahead it was in ms, 1 when a slot was reserved (0: ask again
-- after the wait), the push-back still pending in ms, 1 when the wait is the operation's budget's, what was repaired
-- in the operation's key, how far ahead it was in ms}. Every wait is at most the wider window plus the pending
-- push-back, which the client checks all the same.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local interval = tonumber(ARGV[2])
local tolerance = tonumber(ARGV[3])
local window = tonumber(ARGV[4])
local longest = tonumber(ARGV[6])
local margin = tonumber(ARGV[8])

-- A key's state {tat, until, repaired, ahead}: a value that cannot be right is read as none, and said.
local function load(key, beyond)
  local raw = redis.pcall('GET', key)
  if type(raw) == 'table' then
    return 0, 0, 3, 0
  elseif not raw then
    return 0, 0, 0, 0
  end
  local text = string.match(raw, '^%s*(.-)%s*$')
  local a, b = string.match(text, '^(%d+) (%d+)$')
  if not a then
    a = string.match(text, '^(%d+)$')
  end
  if text == '' then
    return 0, 0, 2, 0
  elseif not a or string.len(a) > 15 or (b and string.len(b) > 15) then
    return 0, 0, 1, 0
  end
  local t = tonumber(a)
  local u = tonumber(b or '0')
  if u > now + longest then
    return 0, 0, 4, u - now
  elseif t > math.max(now, u) + beyond then
    return 0, 0, 4, t - now
  end
  return t, u, 0, 0
end

-- SET replaces a value of any type; the key expires once its time is past by the margin (then it means nothing).
local function store(key, tat, untl)
  local value = string.format('%d', tat)
  if untl > now then
    value = value .. ' ' .. string.format('%d', untl)
  end
  local last = math.max(tat, untl)
  redis.call('SET', key, value, 'PX', string.format('%d', last - now + margin))
end

local tat, untl, repaired, ahead = load(KEYS[1], tonumber(ARGV[5]))
local lane = KEYS[2] ~= nil
local otat, ountl, orepaired, oahead, ointerval = 0, 0, 0, 0, 0
if lane then
  ointerval = tonumber(ARGV[9])
  otat, ountl, orepaired, oahead = load(KEYS[2], tonumber(ARGV[10]))
end

local pending = math.max(untl - now, ountl - now, 0)
local wait = 0
local reserved = 1
local from_lane = 0
if ARGV[1] == 'reserve' then
  local by_token = math.max(math.max(tat, now) - tolerance, now)
  local by_lane = 0
  if lane then
    by_lane = math.max(otat, now)
  end
  local at = math.max(by_token, by_lane)
  if by_lane > by_token then
    from_lane = 1
  end
  wait = at - now
  if wait <= window then
    tat = math.max(tat, at) + interval
    if lane then
      otat = math.max(otat, at) + ointerval
    end
  else
    reserved = 0
    local wider = math.max(window, ointerval)
    wait = math.min(wait - window, wider + pending)
  end
else
  local asked = math.min(tonumber(ARGV[7]), longest)
  if lane then
    ountl = math.max(ountl, now + asked)
    otat = math.max(otat, now + asked)
    pending = math.max(ountl - now, untl - now, 0)
  else
    untl = math.max(untl, now + asked)
    tat = math.max(tat, now + asked + tolerance)
    pending = math.max(untl - now, ountl - now, 0)
  end
end
store(KEYS[1], tat, untl)
if lane then
  store(KEYS[2], otat, ountl)
end
return {wait, repaired, ahead, reserved, pending, from_lane, orepaired, oahead}
