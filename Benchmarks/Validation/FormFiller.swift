import SimBenchCore

/// A simulated user filling in a form: which field they edit next, and what they type.
///
/// Valid texts look like what people enter (quantities, words, user names, colours, names,
/// postal codes, phone numbers, addresses; the article's two kinds sometimes empty, which
/// they accept). A mistaken text holds one plausible slip: a letter in a number, a
/// fullwidth or Arabic-Indic digit from an input method, an accented or Cyrillic letter, an
/// emoji, a combining mark, a trailing newline from a paste, a name that is too long, a
/// postal code with a digit missing, a formatted phone number, an address without its `@`.
/// Every mistake breaks its kind's rule by construction; tests check that with every
/// matcher.
struct FormFiller {
    var random: SplitMix64

    /// How often each kind of field is edited, per 100 edits, in `FieldKind` order.
    static let fieldWeights = [10, 10, 12, 8, 18, 12, 14, 16]

    /// The field the user edits next.
    mutating func nextField() -> FieldKind {
        var roll = random.next(below: 100)
        for (index, weight) in Self.fieldWeights.enumerated() {
            if roll < weight { return FieldKind(rawValue: UInt8(index))! }
            roll -= weight
        }
        preconditionFailure("field weights must add up to 100")
    }

    /// What the user typed into `field`: valid, or with one mistake.
    mutating func text(for field: FieldKind, mistaken: Bool) -> String {
        mistaken ? mistakenText(for: field) : validText(for: field)
    }

    // MARK: - Valid texts

    mutating func validText(for field: FieldKind) -> String {
        switch field {
        case .numeric:
            switch random.next(below: 20) {
            case 0: return ""
            case 1...12: return digits(1 + random.next(below: 4))  // a quantity, an age
            case 13...17: return digits(5 + random.next(below: 6))  // an amount, an id
            default: return digits(16)  // a card number
            }
        case .alphabetic:
            switch random.next(below: 20) {
            case 0: return ""
            case 1...12: return pick(Self.words)
            default: return letters(1 + random.next(below: 12))
            }
        case .alphanumeric:
            switch random.next(below: 20) {
            case 0: return ""
            case 1...10: return handle(pick(Self.givenNames)) + digits(random.next(below: 5))
            default: return string(1 + random.next(below: 16), from: Self.alphanumerics)
            }
        case .hexadecimal:
            switch random.next(below: 20) {
            case 0: return ""
            case 1...8: return string(6, from: Self.lowerHexDigits)  // a colour
            case 9...14: return string(8, from: Self.upperHexDigits)  // a key
            default: return string(1 + random.next(below: 16), from: Self.hexDigits)
            }
        case .name:
            switch random.next(below: 4) {
            case 0: return pick(Self.givenNames)
            case 1: return pick(Self.familyNames)
            default: return pick(Self.givenNames) + " " + pick(Self.familyNames)
            }
        case .postalCode:
            return random.chance(0.7) ? digits(5) : digits(5) + "-" + digits(4)
        case .phoneNumber:
            switch random.next(below: 10) {
            case 0...3: return "+861" + digits(10)  // a Chinese mobile, international
            case 4...6: return pick(["2", "4", "6", "8"]) + digits(9)  // a national number
            default:  // country code and subscriber: 7 to 15 digits in all
                return "+" + pick(["1", "44", "49", "33"]) + digits(6 + random.next(below: 8))
            }
        case .email:
            return validLocalPart() + "@" + pick(Self.domains)
        }
    }

    private mutating func validLocalPart() -> String {
        let given = handle(pick(Self.givenNames))
        switch random.next(below: 4) {
        case 0: return given
        case 1: return given + "." + handle(pick(Self.familyNames))
        case 2: return given + digits(2 + random.next(below: 3))
        default: return given + "+news"
        }
    }

    // MARK: - Mistakes

    mutating func mistakenText(for field: FieldKind) -> String {
        let roll = random.next(below: 100)
        if roll < 40 { return structuralMistake(in: field) }
        var text = validText(for: field)
        switch roll {
        case 40..<65:
            insert(pick(Self.forbiddenASCII[field.index]), into: &text)
        case 65..<85:
            insert(pick(field.hasDigits ? Self.foreignDigits : Self.foreignLetters), into: &text)
        case 85..<95:
            insert(pick(Self.emojiAndMarks), into: &text)
        default:
            text += pick(["\n", "\r\n", "\t", "\u{A0}", "\u{200B}"])
        }
        return text
    }

    /// A mistake in the shape of the text rather than in one character.
    private mutating func structuralMistake(in field: FieldKind) -> String {
        switch field {
        case .numeric:
            return pick(["-", "", "+"]) + digits(1 + random.next(below: 3))
                + pick([".", ",", " "]) + digits(1 + random.next(below: 3))
        case .alphabetic:
            return pick(Self.words) + pick([" ", "-", "'", "."]) + pick(Self.words)
        case .alphanumeric:
            return pick(Self.givenNames).lowercased() + pick(["_", ".", "-", " "])
                + digits(1 + random.next(below: 4))
        case .hexadecimal:
            return pick(["0x", "#", "0X", "x"]) + string(6, from: Self.hexDigits)
        case .name:
            switch random.next(below: 4) {
            case 0:  // a full name with middle names, past 24 characters
                var name = pick(Self.givenNames)
                while name.utf8.count <= 24 { name += " " + pick(Self.familyNames) }
                return name
            case 1: return pick([" ", "-", "'"]) + pick(Self.givenNames)
            case 2: return ""
            default: return pick(["R2D2", "Louis XIV 2", "Anna 1", "Mr. Smith", "J.R.R. Tolkien"])
            }
        case .postalCode:
            switch random.next(below: 5) {
            case 0: return digits(4)
            case 1: return digits(6)
            case 2: return digits(5) + pick(["-", " ", "--"]) + digits(random.next(below: 4))
            case 3: return digits(5) + " " + digits(4)
            default: return pick(["SW1A 1AA", "75008 Paris", "K1A 0B1", "1234-56789"])
            }
        case .phoneNumber:
            switch random.next(below: 5) {
            case 0: return digits(3 + random.next(below: 4))
            case 1: return "+" + digits(16 + random.next(below: 5))
            case 2: return "(" + digits(3) + ") " + digits(3) + "-" + digits(4)
            case 3: return "+86 138 " + digits(4) + " " + digits(4)
            default: return pick(["+", "++8613800138000", "555-CALL-NOW", "138 0013 8000"])
            }
        case .email:
            let local = validLocalPart()
            let domain = pick(Self.domains)
            switch random.next(below: 8) {
            case 0: return local + "." + domain  // the @ forgotten
            case 1: return local + "@@" + domain
            case 2: return local + "@localhost"
            case 3: return local + "@example." + pick(["c", "c0m", "1"])
            case 4: return "@" + domain
            case 5: return local + "@." + domain
            case 6: return local + "@" + domain + "."
            default: return local + " @" + domain
            }
        }
    }

    /// Inserts `piece` at a random character boundary of `text`.
    private mutating func insert(_ piece: String, into text: inout String) {
        let offset = random.next(below: text.count + 1)
        text.insert(contentsOf: piece, at: text.index(text.startIndex, offsetBy: offset))
    }

    // MARK: - Building blocks

    /// A name as people write it in a user name or an address: `Jean-Luc` → `jeanluc`.
    private func handle(_ name: String) -> String {
        name.lowercased().filter { $0.isASCII && $0.isLetter }
    }

    private mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices[random.next(below: choices.count)]
    }

    private mutating func string(_ count: Int, from alphabet: [Character]) -> String {
        var text = ""
        for _ in 0..<count { text.append(pick(alphabet)) }
        return text
    }

    private mutating func digits(_ count: Int) -> String {
        string(count, from: Self.decimalDigits)
    }

    private mutating func letters(_ count: Int) -> String {
        string(count, from: Self.asciiLetters)
    }

    static let decimalDigits = Array("0123456789")
    static let asciiLetters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    static let alphanumerics = decimalDigits + asciiLetters
    static let lowerHexDigits = Array("0123456789abcdef")
    static let upperHexDigits = Array("0123456789ABCDEF")
    static let hexDigits = Array("0123456789abcdefABCDEF")

    static let words = [
        "hello", "Beijing", "Swift", "Strategy", "validator", "Shanghai", "apple", "YES",
        "Texas", "coffee", "Monday", "blue",
    ]
    static let givenNames = [
        "Wei", "Mary", "Ann", "Li", "Jean-Luc", "Zoe", "Ahmed", "Olga", "Kenji", "Priya",
        "Sean", "Mary-Jane", "Lucas", "Fatima",
    ]
    static let familyNames = [
        "Zhang", "Smith", "O'Brien", "Nguyen", "Garcia", "Ivanova", "Tanaka", "Patel",
        "Muller", "Wang", "De Souza", "Okafor",
    ]
    static let domains = [
        "example.com", "mail.example.org", "qq.com", "163.com", "gmail.com", "company.co.uk",
        "uni-berlin.de", "xn--fiqs8s.cn",
    ]

    /// ASCII characters that no position of a kind's rule accepts, per `FieldKind.index`.
    static let forbiddenASCII: [[String]] = [
        ["O", "l", "a", " ", ".", ",", "-", "+"],  // numeric: O for 0, l for 1
        ["0", "1", "3", " ", "-", "'", "."],  // alphabetic
        [" ", "_", "-", ".", "@", "!"],  // alphanumeric
        ["g", "x", "O", "z", " ", "#"],  // hexadecimal
        ["0", "2", ".", "_", "@", ","],  // name
        ["O", "A", " ", ".", "/"],  // postal code
        ["-", " ", "(", ")", ".", "O"],  // phone number
        [" ", ",", ";", "<", ">", "!", "("],  // email
    ]

    /// Digits of other scripts, as input methods type them: fullwidth, Arabic-Indic,
    /// Devanagari, and a mathematical bold digit outside the BMP.
    static let foreignDigits = ["１", "０", "٣", "٠", "७", "𝟎"]
    /// Letters that look or feel like ASCII ones: accented (composed and decomposed),
    /// German sharp s, Greek, Cyrillic а, fullwidth, Kelvin sign, dotless i, CJK.
    static let foreignLetters = ["é", "e\u{301}", "ü", "ß", "α", "а", "Ａ", "\u{212A}", "ı", "中"]
    /// Emoji (with skin tone, ZWJ family, flag), a keycap digit, a lone combining mark.
    static let emojiAndMarks = ["😀", "👍🏽", "👨‍👩‍👧", "🇨🇳", "1\u{FE0F}\u{20E3}", "\u{301}"]
}

extension FieldKind {
    /// Whether the kind's texts are mostly digits, so that a slip is a foreign digit.
    var hasDigits: Bool {
        switch self {
        case .numeric, .hexadecimal, .postalCode, .phoneNumber: true
        case .alphabetic, .alphanumeric, .name, .email: false
        }
    }
}
