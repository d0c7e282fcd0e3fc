import Foundation
import Testing
import UnderstudyTestSupport
import Understudy
@testable import UnderstudyFakes

/// PNG files checked by an independent decoder: Python's zlib and struct.
struct PNGEncoderTests {
    /// Decodes a PNG with Python and prints `width height r,g,b@x,y ...` for a few pixels.
    static func decodeWithPython(_ png: Data, probes: [(Int, Int)]) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString).png")
        try png.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
        import struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'bad signature'
        pos, chunks = 8, {}
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            crc, = struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])
            assert zlib.crc32(kind + body) & 0xffffffff == crc, 'bad CRC in ' + kind.decode()
            chunks.setdefault(kind, b'')
            chunks[kind] += body
            pos += 12 + length
        width, height, depth, ctype, comp, filt, inter = struct.unpack('>IIBBBBB', chunks[b'IHDR'])
        assert (depth, ctype, comp, filt, inter) == (8, 2, 0, 0, 0), 'unexpected IHDR'
        assert b'IEND' in chunks, 'no IEND'
        raw = zlib.decompress(chunks[b'IDAT'])
        stride = width * 3 + 1
        assert len(raw) == stride * height, 'wrong pixel data size'
        assert all(raw[y * stride] == 0 for y in range(height)), 'unexpected filter byte'
        out = [str(width), str(height)]
        for probe in sys.argv[2:]:
            x, y = map(int, probe.split(','))
            i = y * stride + 1 + x * 3
            out.append('%d,%d,%d@%d,%d' % (raw[i], raw[i + 1], raw[i + 2], x, y))
        print(' '.join(out))
        """
        let process = TestProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file.path] + probes.map { "\($0.0),\($0.1)" }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0 else { throw PythonDecodeError(output: text) }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct PythonDecodeError: Error { let output: String }

    @Test func solidImageDecodes() throws {
        let png = PNGEncoder.encode(ImageProperties(width: 3, height: 2, color: Color(red: 10, green: 20, blue: 30)))
        #expect(try Self.decodeWithPython(png, probes: [(0, 0), (2, 1)]) == "3 2 10,20,30@0,0 10,20,30@2,1")
    }

    @Test func checkerboardAndStripesDecode() throws {
        let checker = PNGEncoder.encode(ImageProperties(width: 4, height: 4, color: .white, pattern: .checkerboard(cell: 2, other: .black)))
        #expect(try Self.decodeWithPython(checker, probes: [(0, 0), (2, 0), (2, 2)]) == "4 4 255,255,255@0,0 0,0,0@2,0 255,255,255@2,2")
        let stripes = PNGEncoder.encode(ImageProperties(width: 4, height: 1, color: .red, pattern: .stripes(width: 1, other: .blue)))
        #expect(try Self.decodeWithPython(stripes, probes: [(0, 0), (1, 0)]) == "4 1 220,40,40@0,0 40,90,220@1,0")
    }

    @Test func largeImagesSpanSeveralDeflateBlocks() throws {
        let png = PNGEncoder.encode(ImageProperties(width: 300, height: 300, color: .green))
        #expect(try Self.decodeWithPython(png, probes: [(299, 299)]) == "300 300 40,170,60@299,299")
    }

    @Test func checksumsMatchKnownValues() {
        #expect(PNGEncoder.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(PNGEncoder.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test func routeImagesServesPNGsWithDefaultsAndOverrides() throws {
        let mock = HTTPMock()
        mock.routeImages(at: "/image")
        mock.routeImages(at: "/avatars") { _ in ImageProperties(width: 2, height: 2, color: .blue) }
        let byQuery = mock.serve(RecordedRequest(method: .get, url: "/image/cat.png?width=5&height=4&color=ff0000"))
        #expect(byQuery.response.headers["Content-Type"] == "image/png")
        guard case .binary(let data) = byQuery.response.body else { Issue.record("no PNG"); return }
        #expect(try Self.decodeWithPython(data, probes: [(4, 3)]) == "5 4 255,0,0@4,3")
        guard case .binary(let defaults) = mock.serve(RecordedRequest(method: .get, url: "/image")).response.body else { Issue.record("no PNG"); return }
        #expect(try Self.decodeWithPython(defaults, probes: [(0, 0)]) == "64 64 128,128,128@0,0")
        guard case .binary(let avatar) = mock.serve(RecordedRequest(method: .get, url: "/avatars/1")).response.body else { Issue.record("no PNG"); return }
        #expect(try Self.decodeWithPython(avatar, probes: [(1, 1)]) == "2 2 40,90,220@1,1")
    }
}
