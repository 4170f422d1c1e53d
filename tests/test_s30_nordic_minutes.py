"""Swedish board minutes, unlabelled (sv->da): "Ordföranden Karin Ekström" and "Kassören
Per-Olof Nyberg" went out under other stand-ins than "Karin Ekström" and "Per-Olof Nyberg"
in the attendance list, the role in the stand-in's place (issue 14)."""
import re


def test_a_boards_role_before_the_name_is_no_part_of_it(found_names):
    rows = found_names(["Ordföranden Karin Ekström förklarade mötet öppnat.",
                        "Kassören Per-Olof Nyberg redogjorde för läget."], "sv")
    assert rows == [[("Karin Ekström", "PER")], [("Per-Olof Nyberg", "PER")]]
    rows = found_names(["Formanden Jens Holm bød velkommen."], "da")
    assert rows == [[("Jens Holm", "PER")]]


def test_one_stand_in_for_each_member(tmp_path, apertium):
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path
    repo = Path(__file__).resolve().parent.parent
    texts = ["Närvarande: Karin Ekström (ordförande), Per-Olof Nyberg",
             "Ordföranden Karin Ekström förklarade mötet öppnat.",
             "Kassören Per-Olof Nyberg redogjorde för läget."]
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "p.jsonl").write_text(
        "".join(json.dumps({"text": t, "label": []}) + "\n" for t in texts), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "pipelines.translate", "--input",
                           str(tmp_path / "in" / "*.jsonl"), "--output", str(tmp_path / "out"),
                           "--source-lang", "sv", "--target-lang", "da", "--engine",
                           "apertium"], cwd=repo, capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, DOPPEL_SECRET="x", PYTHONPATH=str(repo)))
    assert proc.returncode == 0, proc.stderr[-2000:]
    sent = [json.loads(line)["text"] for f in sorted((tmp_path / "out" / "audit").glob("*"))
            for line in f.read_text(encoding="utf-8").splitlines()]
    m = re.fullmatch(r"Närvarande: (.+) \(ordförande\), (.+)", sent[0])
    assert m, sent[0]
    assert sent[1].startswith(f"Ordföranden {m.group(1)} ")
    assert sent[2].startswith(f"Kassören {m.group(2)} ")
