-- Tasks the hall sends by itself (server/tasks.ts, docs/hall.md "Task centre"): a task's
-- distribution, as the activities' (self-collect 2: the player receives it; auto dispatch 4: the
-- hall pays it as soon as it evaluates the task done, and the item answers HasSend 4), and whether
-- a claim was such a sending.
ALTER TABLE tasks ADD COLUMN dispatch smallint NOT NULL DEFAULT 2 CHECK (dispatch IN (2, 4));
ALTER TABLE task_claims ADD COLUMN sent boolean NOT NULL DEFAULT false;
