"""Doppel: GDPR-safe machine translation of documents (pseudonymise -> MT -> restore)."""
from setuptools import find_packages, setup

setup(
    name="doppel",
    version="0.1.0",
    description="Machine-translate GDPR-sensitive documents without personal data reaching the MT engine",
    python_requires=">=3.10",
    packages=find_packages(include=["pipelines", "transforms", "transforms.*", "schemas",
                                    "resources"]),
    package_data={"resources": ["pseudonyms/*.json", "samples/*", "*.json", "names/*.json",
                                "dictionaries/*.json", "dictionaries/*.parquet",
                                "word_dictionaries/*.json", "word_dictionaries/*.parquet",
                                "models/*.crfsuite", "models/*.json"],
                  "schemas": ["json/*.json"]},
    include_package_data=True,
    install_requires=[
        "apache-beam>=2.60",
        "python-docx>=1.1",
        "lxml>=5.0",
        "stanza>=1.9",
        "faker>=30",
        "pyarrow>=14",
        "sacrebleu>=2.4",
        "python-stdnum>=1.20",
        "phonenumbers>=8.13",
        "cryptography>=42",
        # word frequencies: a capitalised word that is an ordinary word of the language
        "wordfreq>=3.0",
        # the shipped name model (resources/models/names.crfsuite)
        "python-crfsuite>=0.9.10",
        # the evaluation's TER: sacrebleu's shift search compiled (transforms/evaluation/fast_ter.py)
        "numba>=0.60",
    ],
    extras_require={
        "align": ["simalign"],
        # Submitting to Dataflow: the DataflowRunner's client and the gs:// filesystem come
        # with Beam's gcp extra; `build` makes the --setup_file package without a network.
        "dataflow": ["apache-beam[gcp]", "build"],
        # The tests build the translate job's Dataflow graph (tests/test_dataflow_graph.py).
        # hypothesis: the fuzzing of every reader (tests/test_fuzz.py, scripts/fuzz_readers.py)
        "test": ["pytest>=8", "hypothesis>=6.100", "apache-beam[gcp]", "build"],
    },
    entry_points={"console_scripts": ["doppel=pipelines.cli:main"]},
)
