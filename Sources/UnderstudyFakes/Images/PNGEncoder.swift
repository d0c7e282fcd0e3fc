public import Foundation

/// A small, dependency-free PNG encoder: 8-bit RGB, filter 0 on every row, zlib with stored
/// (uncompressed) deflate blocks, CRC-32 and Adler-32 computed here.
public enum PNGEncoder {
    /// Encodes an image with the given properties.
    public static func encode(_ properties: ImageProperties) -> Data {
        var raw = [UInt8]()
        raw.reserveCapacity((properties.width * 3 + 1) * properties.height)
        for y in 0..<properties.height {
            raw.append(0) // filter type: none
            for x in 0..<properties.width {
                let pixel = properties.color(x: x, y: y)
                raw += [pixel.red, pixel.green, pixel.blue]
            }
        }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = [UInt8]()
        header += bigEndian(UInt32(properties.width))
        header += bigEndian(UInt32(properties.height))
        header += [8, 2, 0, 0, 0] // bit depth 8, colour type RGB, deflate, filter 0, no interlace
        png += chunk("IHDR", header)
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return png
    }

    /// A zlib stream whose deflate blocks are stored (no compression).
    static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, bytes.count - offset)
            let isLast = offset + length == bytes.count
            out.append(isLast ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += bytes[offset..<offset + length]
            offset += length
        } while offset < bytes.count
        out += bigEndian(adler32(bytes))
        return out
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> Data {
        let typeBytes = Array(type.utf8)
        var out = bigEndian(UInt32(data.count))
        out += typeBytes + data
        out += bigEndian(crc32(typeBytes + data))
        return Data(out)
    }

    /// CRC-32 (ISO 3309, as PNG uses), bit by bit: images here are small.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
