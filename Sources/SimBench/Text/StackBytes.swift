/// A piece of output written on the stack, then appended to an array at once.
///
/// Appending to an array costs about a hundred instructions however few the bytes (its
/// uniqueness, its capacity, a generic copy), and writing through a pointer a few for each
/// byte; so a piece made of several short parts (an SVG attribute, a tooltip between its
/// tags) is written here first, and appended once.
struct StackBytes {
    /// Where the bytes go, with room for `room`.
    let start: UnsafeMutablePointer<UInt8>
    let room: Int
    /// How many are written.
    var count = 0

    @inline(__always)
    mutating func add(_ byte: UInt8) {
        precondition(count < room, "more bytes than the room asked for")
        start[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count <= room - count, "more bytes than the room asked for")
        if let source = bytes.baseAddress {
            (start + count).update(from: source, count: bytes.count)
        }
        count += bytes.count
    }

    /// Adds `count` blanks: a cell's padding.
    @inline(__always)
    mutating func addBlanks(_ count: Int) {
        precondition(count <= room - self.count, "more bytes than the room asked for")
        (start + self.count).update(repeating: UInt8(ascii: " "), count: count)
        self.count += count
    }

    @inline(__always)
    mutating func add(_ text: StaticString) {
        text.withUTF8Buffer { add($0) }
    }

    /// Adds `value` in decimal digits, as `"\(value)"` writes it: a sign and 19 digits at
    /// most. The digits are counted first, then each written where it goes, from the last.
    @inline(__always)
    mutating func add(decimal value: Int64) {
        var digits = 1
        var rest = value.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let length = value < 0 ? digits + 1 : digits
        precondition(length <= room - count, "more bytes than the room asked for")
        var at = count + length
        var magnitude = value.magnitude
        repeat {
            at -= 1
            start[at] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        if value < 0 { start[count] = UInt8(ascii: "-") }
        count += length
    }

    /// Adds what `write` writes from where the bytes end: at most `most` bytes, their count
    /// what it returns.
    @inline(__always)
    mutating func add(atMost most: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        precondition(most <= room - count, "more bytes than the room asked for")
        let written = write(start + count)
        precondition(written <= most, "more bytes written than said")
        count += written
    }

    /// Appends to `out` what `write` writes, in at most `room` bytes.
    @inline(__always)
    static func append(room: Int, to out: inout [UInt8], _ write: (inout StackBytes) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
            var bytes = StackBytes(start: buffer.baseAddress!, room: room)
            write(&bytes)
            out.append(contentsOf: UnsafeBufferPointer(start: bytes.start, count: bytes.count))
        }
    }

    /// Appends `text`'s bytes to `out`: no string's bytes made a sequence of its own.
    static func append(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }
}
