/// Text made as bytes and passed on in pieces as it grows: a reader's output (a comparison
/// or an export of a million rows) can be larger than the memory the reader may hold, so it
/// is written as it is made (`OutputPath.write(streaming:)`,
/// `StandardOutput.write(streaming:)`), or kept whole for a caller that wants a string.
public struct TextOutput {
    /// The bytes not passed on yet.
    public internal(set) var bytes = [UInt8]()
    /// Where full chunks go; nil keeps the text whole.
    private let sink: ((UnsafeBufferPointer<UInt8>) throws(FileError) -> Void)?

    /// How much is held before it is passed on.
    static let chunkSize = 1 << 20

    /// An output kept whole: `text` is all of it.
    public init() {
        sink = nil
    }

    /// An output whose chunks go to `sink` as they fill.
    init(sink: @escaping (UnsafeBufferPointer<UInt8>) throws(FileError) -> Void) {
        self.sink = sink
        bytes.reserveCapacity(Self.chunkSize + (64 << 10))
    }

    /// The text, for an output kept whole.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func append(_ text: String) {
        bytes += text.utf8
    }

    public mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: text)
    }

    public mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// Passes on what is held once it is a chunk's worth; an output kept whole keeps it.
    public mutating func flushIfFull() throws(FileError) {
        guard sink != nil, bytes.count >= Self.chunkSize else { return }
        try flush()
    }

    /// Passes on what is held.
    mutating func flush() throws(FileError) {
        guard let sink, !bytes.isEmpty else { return }
        try bytes.withUnsafeBufferPointer { (text) throws(FileError) in try sink(text) }
        bytes.removeAll(keepingCapacity: true)
    }
}

extension [UInt8] {
    /// Appends `value` as `"\(value)"` writes it (Swift's shortest exact form), with no
    /// string made for it.
    mutating func appendDescription(of value: Double) {
        var stream = ByteStream()
        swap(&stream.bytes, &self)
        value.write(to: &stream)
        swap(&stream.bytes, &self)
    }

    /// Appends `value` in decimal digits, as `"\(value)"` writes it: written on the stack
    /// (`StackBytes.add(decimal:)`) and appended at once, for a coverage table writes
    /// millions.
    mutating func appendDescription(of value: Int64) {
        StackBytes.append(room: 20, to: &self) { $0.add(decimal: value) }
    }
}

/// Bytes that a value writes itself into (`TextOutputStreamable`): a `Double` writes its
/// ASCII digits through `_writeASCII`, with no string between.
private struct ByteStream: TextOutputStream {
    var bytes = [UInt8]()

    mutating func write(_ string: String) {
        bytes += string.utf8
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }
}
