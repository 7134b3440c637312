from rank_languages import *  # noqa: F401,F403
from rank_languages import rank_languages

def check(rank_languages):
    assert rank_languages('fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5') == ['fr-CH', 'fr', 'en', '*']
    assert rank_languages('en;q=0.5, da') == ['da', 'en']
    assert rank_languages('de, en') == ['de', 'en']
    assert rank_languages('') == []
    assert rank_languages('en;q=0, fr;q=0.3') == ['fr']
    assert rank_languages('es;q=0.7,pt-BR;q=0.9, ,it') == ['it', 'pt-BR', 'es']
    assert rank_languages('*;q=0') == []


def test_rank_languages():
    check(rank_languages)
