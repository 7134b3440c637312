from table_of_contents import *  # noqa: F401,F403
from table_of_contents import table_of_contents

def check(table_of_contents):
    assert table_of_contents("# A\n## B\n## C\n# D") == ["1. A", "  1.1. B", "  1.2. C", "2. D"]
    assert table_of_contents("no headings\n#nope") == []
    assert table_of_contents("## Intro\n### Setup\n## Usage") == ["1. Intro", "  1.1. Setup", "2. Usage"]
    assert table_of_contents("# T\n```\n# not a heading\n```\n# U") == ["1. T", "2. U"]
    assert table_of_contents("# A\n## B\n### C\n## D\n### E") == [
        "1. A", "  1.1. B", "    1.1.1. C", "  1.2. D", "    1.2.1. E"]
    assert table_of_contents("# Only  ") == ["1. Only"]


def test_table_of_contents():
    check(table_of_contents)
