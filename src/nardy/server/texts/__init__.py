"""The web pages' texts in the catalogue (``nardy.i18n``), one module per page or
feature; importing this package registers them all.

``static/messages.js`` carries them to the browser (``python -m nardy.server.messages_js``),
where ``static/i18n.js``'s ``t("heroTitle")`` reads ``web.hero-title``: the key in kebab
case (see ``web``'s docstring for tables, lists and texts per side). Errors the web's
features answer (``error.*``) stand beside their pages' texts.
"""

from nardy.server.texts import (  # noqa: F401  (each registers its texts)
    chat,
    club,
    lobby,
    moderation,
    names,
    phone,
    play,
    pwa,
    replay,
    rules,
    settings,
    tournaments,
    web,
)
