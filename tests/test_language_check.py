"""The source-language check (transforms/language_check.py): a document that reads as
another language than the one the job translates from is named, with why."""
from transforms.language_check import source_language_doubt

GERMAN = ["Sehr geehrte Damen und Herren,",
          "wir danken Ihnen für Ihre Anfrage vom 3. März und bestätigen den Eingang der "
          "Unterlagen.",
          "Die Rechnung wird Ihnen in den nächsten Tagen zugeschickt; bitte überweisen Sie den "
          "Betrag innerhalb von vierzehn Tagen auf das unten genannte Konto.",
          "Mit freundlichen Grüßen"]
ENGLISH = ["Dear Sir or Madam,",
           "thank you for your enquiry of 3 March; we confirm that the documents arrived.",
           "The invoice will be sent to you in the next few days; please transfer the amount "
           "within fourteen days to the account named below.",
           "Yours faithfully"]
SWEDISH = ["Den hänskjutande domstolen har beslutat att vilandeförklara målet och ställa "
           "följande tolkningsfrågor till domstolen.",
           "Ska artikel 9 i förordningen tolkas så att den utgör hinder för en nationell "
           "lagstiftning som den som är i fråga i det nationella målet?"]


def test_a_document_in_another_language_is_named_with_the_shares_that_say_so():
    doubt = source_language_doubt(GERMAN, "en")
    assert doubt["declared"] == "en" and doubt["reads_as"] == "de"
    assert doubt["shares"]["de"] >= doubt["shares"]["en"] + 0.3
    assert source_language_doubt(SWEDISH, "da")["reads_as"] == "sv"


def test_a_document_in_its_language_or_too_short_to_judge_is_not():
    assert source_language_doubt(ENGLISH, "en") is None
    assert source_language_doubt(GERMAN, "de") is None
    assert source_language_doubt(SWEDISH, "sv") is None
    assert source_language_doubt(["Sehr geehrte Damen und Herren"], "en") is None
    assert source_language_doubt(["", "  "], "en") is None
    # no word list for Estonian: its words are not judged
    assert source_language_doubt(["Kohtuasjas on vaja tõlgendada määruse artiklit 5 ja "
                                  "direktiivi artiklit 3, mida eelotsusetaotlus puudutab."],
                                 "et") is None


def test_a_document_in_another_script_is_named_by_its_script():
    japanese = ["この文書は日本語で書かれています。", "翻訳の前に言語を確認してください。"]
    chinese = ["本文件以中文撰写。", "翻译之前请确认源语言。"]
    arabic = ["هذه الوثيقة مكتوبة باللغة العربية.", "يرجى التحقق من اللغة قبل الترجمة."]
    assert source_language_doubt(japanese, "en")["reads_as"] == "ja"
    assert source_language_doubt(chinese, "en")["reads_as"] == "zh"
    assert source_language_doubt(arabic, "sv")["reads_as"] == "ar"
    assert "CJK" in source_language_doubt(chinese, "en")["why"]
    # its own script is no doubt, nor a few foreign words in a document of the language
    assert source_language_doubt(japanese, "ja") is None
    assert source_language_doubt(ENGLISH + ["東京"], "en") is None
