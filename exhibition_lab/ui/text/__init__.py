"""Every sentence the app, the course and the coach say, one module per area, each a message
id (:mod:`.i18n`) with named fields: rules in words (:mod:`.explain`), the play app
(:mod:`.play`), the start panel (:mod:`.setup`), the score (:mod:`.score`), rules by id
(:mod:`.rules`), the coach (:mod:`.coach_words`), the what-if explorer (:mod:`.whatif`), the charts
(:mod:`.charts`) and the rules course (:mod:`.course`).

May import games and core (ui -> games -> core); never the widgets or the renderers.
"""
