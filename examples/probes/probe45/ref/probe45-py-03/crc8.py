def crc8(data):
    """Return the CRC-8 checksum of the bytes object `data`, using the
    polynomial x^8 + x^2 + x + 1 (0x07), initial value 0x00, no reflection
    of input or output and no final XOR (the "CRC-8/SMBUS" variant).

    The bits of each byte are processed most significant bit first, for
    example crc8(b"123456789") == 0xF4 and crc8(b"") == 0.
    """
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            if crc & 0x80:
                crc = ((crc << 1) ^ 0x07) & 0xFF
            else:
                crc = (crc << 1) & 0xFF
    return crc
