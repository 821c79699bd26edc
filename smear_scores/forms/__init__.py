"""Forms shape what the screens post; the rules engine (via services) decides the rest.

A module per job: ``hands`` (the hand form) and ``pad`` (its rows of buttons), ``edits``
(an edit's and an undo's steps), ``games`` (a new game, a rematch, a scoring code),
``nights`` (a night's director), ``night_phones`` (its phones and dashboard),
``agreements`` (two keys' boards and the director's queue), ``leagues`` (a league game),
``house_rules`` ("Our rules…"), ``clubs``, ``club_roster``, ``club_settings``, ``seasons``;
``field_refusals``, ``fields`` and ``posted`` (the small forms every POST goes through)
hold what they share. The club admin's forms are the admin's (``smear_scores.admin``)."""
