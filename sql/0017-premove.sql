-- 0017-premove.sql: a play a person chose while it was not their turn.
--
-- premoves: at most one per seat of a game.  user: who chose it (a seat
-- taken over by another person drops it); round: the deal it was chosen
-- in (a new deal clears it); action: the play in notation, played when
-- the seat's turn comes if it is still legal exactly so; made: when it
-- was chosen.
CREATE TABLE premoves (
	game		INTEGER NOT NULL REFERENCES games (id)
			    ON DELETE CASCADE,
	seat		INTEGER NOT NULL,
	user		INTEGER NOT NULL REFERENCES users (id),
	round		INTEGER NOT NULL,
	action		TEXT NOT NULL,
	made		INTEGER NOT NULL,
	PRIMARY KEY (game, seat)
) WITHOUT ROWID;
