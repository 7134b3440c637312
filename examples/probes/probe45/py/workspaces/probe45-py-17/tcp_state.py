def tcp_state(events):
    """Run a simplified TCP connection state machine over `events` and
    return the final state, or "ERROR" as soon as an event is not allowed in
    the current state. The machine starts in "CLOSED". Transitions:

      CLOSED:      APP_PASSIVE_OPEN -> LISTEN, APP_ACTIVE_OPEN -> SYN_SENT
      LISTEN:      RCV_SYN -> SYN_RCVD, APP_SEND -> SYN_SENT,
                   APP_CLOSE -> CLOSED
      SYN_RCVD:    APP_CLOSE -> FIN_WAIT_1, RCV_ACK -> ESTABLISHED
      SYN_SENT:    RCV_SYN -> SYN_RCVD, RCV_SYN_ACK -> ESTABLISHED,
                   APP_CLOSE -> CLOSED
      ESTABLISHED: APP_CLOSE -> FIN_WAIT_1, RCV_FIN -> CLOSE_WAIT
      FIN_WAIT_1:  RCV_FIN -> CLOSING, RCV_FIN_ACK -> TIME_WAIT,
                   RCV_ACK -> FIN_WAIT_2
      CLOSING:     RCV_ACK -> TIME_WAIT
      FIN_WAIT_2:  RCV_FIN -> TIME_WAIT
      TIME_WAIT:   APP_TIMEOUT -> CLOSED
      CLOSE_WAIT:  APP_CLOSE -> LAST_ACK
      LAST_ACK:    RCV_ACK -> CLOSED
    """
    table = {
        "CLOSED": {"APP_PASSIVE_OPEN": "LISTEN", "APP_ACTIVE_OPEN": "SYN_SENT"},
        "LISTEN": {"RCV_SYN": "SYN_RCVD", "APP_SEND": "SYN_SENT", "APP_CLOSE": "CLOSED"},
        "SYN_RCVD": {"APP_CLOSE": "FIN_WAIT_1", "RCV_ACK": "ESTABLISHED"},
        "SYN_SENT": {"RCV_SYN": "SYN_RCVD", "RCV_SYN_ACK": "ESTABLISHED", "APP_CLOSE": "CLOSED"},
        "ESTABLISHED": {"APP_CLOSE": "FIN_WAIT_1", "RCV_FIN": "CLOSE_WAIT"},
        "FIN_WAIT_1": {"RCV_FIN": "CLOSING", "RCV_FIN_ACK": "TIME_WAIT", "RCV_ACK": "FIN_WAIT_2"},
        "CLOSING": {"RCV_ACK": "TIME_WAIT"},
        "FIN_WAIT_2": {"RCV_FIN": "TIME_WAIT"},
        "TIME_WAIT": {"APP_TIMEOUT": "CLOSED"},
        "LAST_ACK": {"RCV_ACK": "CLOSED"},
    }
    state = "CLOSED"
    for event in events:
        nxt = table.get(state, {}).get(event)
        if nxt is None:
            return "ERROR"
        state = nxt
    return state
