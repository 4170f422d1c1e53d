"""A web address glued to Japanese running text ends where the text begins: in a Japanese
DOCX, "https://www.jpc-sed.com/mpaをご参照ください。…" was one URL to the end of the sentence,
and the sentence went to the engine scrambled.  The first test failed on the code before the
change; the second guards a path written in kanji."""
from transforms.detect import identifiers


def _urls(text):
    return [s.text for s in identifiers.detect(text, "en") if s.category == "URL"]


def test_a_url_ends_before_hiragana_and_cjk_punctuation():
    assert _urls("免責事項が適用になります。 https://www.jpc-sed.com/mpaをご参照ください。参加") == [
        "https://www.jpc-sed.com/mpa"]
    assert _urls("ＵＲＬ：https://example.jp/お知らせ") == ["https://example.jp/"]


def test_a_path_in_kanji_stays_in_the_url():
    assert _urls("see https://ja.wikipedia.org/wiki/東京 today") == [
        "https://ja.wikipedia.org/wiki/東京"]
