/// The rules as hand-written scans over a text's UTF-8 bytes.
///
/// Every rule is ASCII-only, so a byte of 0x80 or more (any part of a non-ASCII scalar:
/// `１`, `é`, a combining mark, an emoji) fails every class below, and scanning bytes gives
/// the same verdict as matching scalars or UTF-16 code units.
struct ScanMatcher: RuleMatcher {
    @inline(__always)
    func isNumeric(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in bytes.allSatisfy(ASCII.isDigit) }
    }

    @inline(__always)
    func isAlphabetic(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in bytes.allSatisfy(ASCII.isLetter) }
    }

    @inline(__always)
    func isAlphanumeric(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            bytes.allSatisfy { ASCII.isLetter($0) || ASCII.isDigit($0) }
        }
    }

    @inline(__always)
    func isHexadecimal(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in bytes.allSatisfy(ASCII.isHexDigit) }
    }

    /// `[A-Za-z][A-Za-z '-]{0,23}`
    @inline(__always)
    func isName(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            guard (1...24).contains(bytes.count), ASCII.isLetter(bytes[0]) else { return false }
            return bytes.dropFirst().allSatisfy {
                ASCII.isLetter($0) || $0 == ASCII.space || $0 == ASCII.apostrophe
                    || $0 == ASCII.hyphen
            }
        }
    }

    /// `[0-9]{5}(?:-[0-9]{4})?`
    @inline(__always)
    func isPostalCode(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            switch bytes.count {
            case 5:
                return bytes.allSatisfy(ASCII.isDigit)
            case 10:
                return bytes[5] == ASCII.hyphen && bytes[..<5].allSatisfy(ASCII.isDigit)
                    && bytes[6...].allSatisfy(ASCII.isDigit)
            default:
                return false
            }
        }
    }

    /// `\+?[0-9]{7,15}`
    @inline(__always)
    func isPhoneNumber(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            let digits = bytes.first == ASCII.plus ? bytes.dropFirst() : bytes[...]
            return (7...15).contains(digits.count) && digits.allSatisfy(ASCII.isDigit)
        }
    }

    /// `[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}`
    ///
    /// The local part cannot hold `@` and the labels cannot hold `.`, so the regex's only
    /// reading is: split at the first `@`, then split the domain at every `.`.
    @inline(__always)
    func isEmail(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            guard let at = bytes.firstIndex(of: ASCII.at), at > 0,
                bytes[..<at].allSatisfy(ASCII.isEmailLocal)
            else { return false }
            var labels = 0
            var labelStart = at + 1
            var position = labelStart
            while position < bytes.count {
                let byte = bytes[position]
                if byte == ASCII.dot {
                    // Every label before the last one: [A-Za-z0-9-]+
                    guard position > labelStart else { return false }
                    labels += 1
                    labelStart = position + 1
                } else if !ASCII.isDomainLabel(byte) {
                    return false
                }
                position += 1
            }
            // The last label: [A-Za-z]{2,}, after at least one other.
            return labels > 0 && bytes.count - labelStart >= 2
                && bytes[labelStart...].allSatisfy(ASCII.isLetter)
        }
    }
}

extension String {
    /// Calls `body` with the text's UTF-8 bytes, contiguous (native strings always are).
    @inline(__always)
    fileprivate func withUTF8Bytes(_ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        if let verdict = utf8.withContiguousStorageIfAvailable(body) { return verdict }
        return Array(utf8).withUnsafeBufferPointer(body)
    }
}

/// The ASCII bytes and classes the rules are made of.
private enum ASCII {
    static let space = UInt8(ascii: " ")
    static let apostrophe = UInt8(ascii: "'")
    static let hyphen = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let at = UInt8(ascii: "@")

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// `[a-zA-Z]`: setting bit 5 folds upper case onto lower case.
    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6
    }

    /// `[A-Za-z0-9._%+-]`
    @inline(__always)
    static func isEmailLocal(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == dot || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "%") || byte == plus || byte == hyphen
    }

    /// `[A-Za-z0-9-]`
    @inline(__always)
    static func isDomainLabel(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == hyphen
    }
}
