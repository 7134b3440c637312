from tcp_state import *  # noqa: F401,F403
from tcp_state import tcp_state

import pytest


def check(tcp_state):
    assert tcp_state([]) == "CLOSED"
    assert tcp_state(["APP_PASSIVE_OPEN", "APP_SEND", "RCV_SYN_ACK"]) == "ESTABLISHED"
    assert tcp_state(["APP_ACTIVE_OPEN", "RCV_SYN_ACK", "APP_CLOSE", "RCV_FIN_ACK", "APP_TIMEOUT"]) == "CLOSED"
    assert tcp_state(["APP_PASSIVE_OPEN", "RCV_SYN", "RCV_ACK", "RCV_FIN"]) == "CLOSE_WAIT"
    assert tcp_state(["APP_ACTIVE_OPEN", "RCV_SYN_ACK", "RCV_FIN", "APP_CLOSE"]) == "LAST_ACK"
    assert tcp_state(["APP_ACTIVE_OPEN", "RCV_SYN_ACK", "RCV_FIN", "APP_CLOSE", "RCV_ACK"]) == "CLOSED"
    assert tcp_state(["APP_PASSIVE_OPEN", "RCV_SYN", "RCV_ACK", "APP_TIMEOUT"]) == "ERROR"


def test_tcp_state():
    check(tcp_state)
