-- Start-up re-arms the defence timers from one query (see migrations/0006_pending_index.sql).
CREATE INDEX exchanges_waiting ON exchanges (status) WHERE status = 'pending';
