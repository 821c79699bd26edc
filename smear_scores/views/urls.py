from django.urls import path

from . import (
    agreements,
    board,
    edit,
    handover,
    hands,
    history,
    house_rules,
    new_game,
    pwa,
    removal,
    rules,
)

urlpatterns = [
    path("", new_game.home, name="home"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("new/", new_game.game_new, name="game_new"),
    path("g/<str:public_id>/", board.game, name="game"),
    path("g/<str:public_id>/live/", board.game_live, name="game_live"),
    path("g/<str:public_id>/events/", board.game_events, name="game_events"),
    path("g/<str:public_id>/hands/", hands.hand_record, name="hand_record"),
    path("g/<str:public_id>/hands/preview/", hands.hand_preview, name="hand_preview"),
    path("g/<str:public_id>/hands/<int:number>/edit/", edit.hand_edit, name="hand_edit"),
    path("g/<str:public_id>/undo/", edit.hand_undo, name="hand_undo"),
    path("g/<str:public_id>/history/", history.game_history, name="game_history"),
    path("g/<str:public_id>/history.csv", history.game_history_csv, name="game_history_csv"),
    path("g/<str:public_id>/score/", handover.game_handover, name="game_handover"),
    path("g/<str:public_id>/score/new/", handover.game_scoring_rotate, name="game_scoring_rotate"),
    path("g/<str:public_id>/rematch/", new_game.game_rematch, name="game_rematch"),
    path("g/<str:public_id>/remove/", removal.game_remove, name="game_remove"),
    path("g/<str:public_id>/rules/", rules.game_rules, name="game_rules"),
    path("g/<str:public_id>/restore/", removal.game_restore, name="game_restore"),
    # The slug a game froze from saved house rules, before any preset's.
    path("rules/house-<str:public_id>/", house_rules.house_rules_by_slug, name="house_rules_slug"),
    path("rules/<slug:slug>/", rules.rules_page, name="rules"),
    path("rules/house/new/", house_rules.house_rules_new, name="house_rules_new"),
    path("rules/house/<str:public_id>/", house_rules.house_rules_page, name="house_rules"),
    path(
        "rules/house/<str:public_id>/keep/", house_rules.house_rules_keep, name="house_rules_keep"
    ),
    path(
        "rules/house/<str:public_id>/forget/",
        house_rules.house_rules_forget,
        name="house_rules_forget",
    ),
    path(
        "rules/house/<str:public_id>/adopt/",
        house_rules.house_rules_adopt,
        name="house_rules_adopt",
    ),
    path("g/<str:public_id>/table/", board.game_table, name="game_table"),
    path("g/<str:public_id>/agree/", agreements.team_board, name="team_board"),
    path("g/<str:public_id>/agree/events/", agreements.team_events, name="team_events"),
    path("g/<str:public_id>/agree/hands/", agreements.team_agree, name="team_agree"),
    path("g/<str:public_id>/agree/dispute/", agreements.team_dispute, name="team_dispute"),
    path("g/<str:public_id>/table/events/", board.game_table_events, name="game_table_events"),
]
