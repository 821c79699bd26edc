"""Forms shape what the screens post; the rules engine (via services) decides the rest.

A module per job: ``hands`` (the hand form) and ``pad`` (its rows of buttons), ``games``
(a new game, a rematch), ``nights`` (opening a night), ``leagues`` (a league game),
``house_rules`` ("Our rules…"); ``refusals`` and ``fields`` hold what they share. The
club admin's forms are the admin's (``smear_scores.admin``)."""
