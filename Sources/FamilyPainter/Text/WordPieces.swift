/// Letters on each side of a line break in UTF-8 text, for telling a break inside a word
/// ("Гейдельбергски-/й") from one between words. Scripts written without spaces between
/// words (Han, kana, Thai, Lao, Myanmar, Khmer, Tibetan) break anywhere: their letters do
/// not count.
enum WordPieces {
    /// How many word letters end just before byte `index`.
    static func letters(endingAt index: Int, in bytes: [UInt8]) -> Int {
        var count = 0, end = index
        while end > 0 {
            var start = end - 1
            while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
            guard let scalar = scalar(bytes[start..<end]), isWordLetter(scalar) else { break }
            if !scalar.properties.isDiacritic { count += 1 }
            end = start
        }
        return count
    }

    /// How many word letters start at byte `index`.
    static func letters(startingAt index: Int, in bytes: [UInt8]) -> Int {
        var count = 0, start = index
        while start < bytes.count {
            var end = start + 1
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            guard let scalar = scalar(bytes[start..<end]), isWordLetter(scalar) else { break }
            if !scalar.properties.isDiacritic { count += 1 }
            start = end
        }
        return count
    }

    static func scalar(_ bytes: ArraySlice<UInt8>) -> Unicode.Scalar? {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.first
    }

    /// A letter or mark of a script that separates words with spaces.
    static func isWordLetter(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        guard properties.isAlphabetic || properties.generalCategory == .nonspacingMark else { return false }
        if properties.isIdeographic { return false }
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF,  // kana
             0x0E00...0x0EFF,  // Thai, Lao
             0x0F00...0x0FFF,  // Tibetan
             0x1000...0x109F,  // Myanmar
             0x1780...0x17FF:  // Khmer
            return false
        default:
            return true
        }
    }
}
