from crc8 import *  # noqa: F401,F403
from crc8 import crc8

import pytest


def check(crc8):
    assert crc8(b"") == 0
    assert crc8(b"123456789") == 0xF4
    assert crc8(b"\x00") == 0
    assert crc8(b"\x01") == 0x07
    assert crc8(b"\x80") == 0x89
    assert crc8(b"hello") == 146


def test_crc8():
    check(crc8)
