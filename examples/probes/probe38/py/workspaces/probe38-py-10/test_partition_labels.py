from partition_labels import *  # noqa: F401,F403
from partition_labels import partition_labels

def check(partition_labels):
    assert partition_labels("ababcbacadefegdehijhklij") == [9, 7, 8]
    assert partition_labels("abc") == [1, 1, 1]
    assert partition_labels("") == []
    assert partition_labels("eccbbbbdec") == [10]
    assert partition_labels("abac") == [3, 1]
    assert partition_labels("zz") == [2]
    assert partition_labels("abcdbxyx") == [1, 4, 3]


def test_partition_labels():
    check(partition_labels)
