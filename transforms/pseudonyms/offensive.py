"""Words no stand-in is made of (pure).

A stand-in goes to the MT vendor and into the audit trail, and where restoration cannot place
it, it stays in the delivered document.  The engine-shaped stand-ins are made of the
language's most frequent words (``wordfreq``), which hold vulgar words and slurs: the WGIG
report's book title "Louder Voices" went out as "Happier Tits".  No package here lists such
words for the languages served, so they are listed: sexual and excretory vulgarisms, slurs,
and the words of sexual violence, in the languages whose frequency lists feed the
vocabulary.  Matched whole and case-folded.
"""
from __future__ import annotations

OFFENSIVE_WORDS = frozenset("""
anal anus arse arsehole arses ass asses asshole assholes bastard bastards bitch bitches
bollocks boob boobs breast breasts butt butts clit cock cocks crap cum cunt cunts dick dicks
dildo dildos erection fag faggot faggots fags fuck fucked fucker fuckers fucking fucks
genital genitals hooker hookers horny jizz masturbate masturbation nigga niggas nigger
niggers nipple nipples orgasm orgasms penis penises piss pissed porn porno prick pricks
pussies pussy rape raped rapes rapist rapists retard retarded scrotum semen sex sexy shit
shits shitty slut sluts sperm testicle testicles tit tits titties twat twats vagina vaginas
wank wanker wankers whore whores
fitta fittor kuk kukar knulla knullar hora horor jävla jävel skit bög fisse pik pikke kneppe
luder lort røv røvhul
puta putas puto coño polla pollas mierda joder cabrón cabrones maricón marica follar culo
fotze schwanz ficken hure scheisse arsch
kurwa kurwy chuj pizda jebać pierdolić dupa
vittu perkele paska huora kyrpä
perse türa lits hoor
pimpis bļaģ
bybys pyzda kurva
""".split())


def offensive(word: str) -> bool:
    """Is ``word`` (any case) one of ``OFFENSIVE_WORDS``?"""
    return word.casefold() in OFFENSIVE_WORDS
