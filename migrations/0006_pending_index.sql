-- Start-up re-arms the defence timers of every channel with an attack waiting, in one query that must
-- not scan every exchange ever made (issue 17: restart with 10,000 encounters in under a second).
CREATE INDEX exchanges_waiting ON exchanges (status) WHERE status = 'pending';
