/// Tells by content which character set a GEDCOM file that misdeclares its own is in:
/// UTF-8 when the bytes are valid UTF-8, else the Windows code page (1252 Western, 1250
/// Central European, 1251 Cyrillic) whose reading looks most like names and words.
///
/// The reading is scored word by word (a word: letters and bytes from 0x80 up): a word
/// earns a point for each of its non-ASCII letters that belongs with the rest (one
/// script, capitals only at the start, the letters the code page's languages use, a
/// point more for letters only those languages use) and loses for what text does not
/// do (symbols inside words, Latin and Cyrillic mixed, a capital after a small letter,
/// three accented Latin letters in a row). Western European wins ties; another code
/// page must win by more than two points.
enum CharacterSetGuess {
    /// How many bytes do not read as ANSEL: codes ANSEL leaves undefined, and combining
    /// marks that no letter follows (or more than two stacked), as Cyrillic Windows-1251
    /// text read as ANSEL gives.
    static func anselMisreadings(_ bytes: [UInt8], spacing: (UInt8) -> Bool, combining: (UInt8) -> Bool) -> Int {
        var count = 0
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte < 0x80 || spacing(byte) {
                i += 1
                continue
            }
            guard combining(byte) else {
                count += 1
                i += 1
                continue
            }
            var j = i
            while j < bytes.count, combining(bytes[j]) { j += 1 }
            let base = j < bytes.count ? bytes[j] : 0
            let isLetter = (base >= 0x41 && base <= 0x5A) || (base >= 0x61 && base <= 0x7A) || spacing(base)
            if !isLetter || j - i > 2 { count += j - i }
            i = j
        }
        return count
    }

    /// The code page whose reading of `bytes` scores best, or nil when none reads as text.
    static func bestCodePage(_ bytes: [UInt8]) -> CodePage? {
        let western = score(bytes, .windows1252, common: westernLetters, specific: westernOnly)
        let central = score(bytes, .windows1250, common: centralLetters, specific: centralOnly)
        let cyrillic = score(bytes, .windows1251, common: [], specific: [])
        var best = (page: CodePage.windows1252, score: western)
        if central > best.score + 2 { best = (.windows1250, central) }
        if cyrillic > max(western, central) + 2 { best = (.windows1251, cyrillic) }
        return best.score > 0 ? best.page : nil
    }

    /// The reading's score, word by word, in one pass with constant memory.
    static func score(_ bytes: [UInt8], _ page: CodePage, common: Set<UInt32>, specific: Set<UInt32>) -> Int {
        var total = 0
        var word = WordScore()
        for byte in bytes {
            let isASCIILetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            if isASCIILetter {
                word.add(Unicode.Scalar(byte), common: common, specific: specific)
            } else if byte >= 0x80, let scalar = page.character(byte), scalar != "\u{A0}" {  // a no-break space ends a word
                word.add(scalar, common: common, specific: specific)
            } else if byte >= 0x80, page.character(byte) == nil {
                word.add("\u{FFFD}", common: common, specific: specific)
            } else {
                total += word.finish()
            }
        }
        return total + word.finish()
    }

    /// One word's evidence, gathered character by character.
    private struct WordScore {
        var length = 0, high = 0, symbols = 0, caseBreaks = 0, longRuns = 0, run = 0, common = 0
        var latin = false, cyrillic = false, other = false
        var previousIsLower = false

        mutating func add(_ scalar: Unicode.Scalar, common commonSet: Set<UInt32>, specific: Set<UInt32>) {
            length += 1
            let properties = scalar.properties
            if properties.isAlphabetic {
                switch scalar.value {
                case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: latin = true
                case 0x400...0x4FF: cyrillic = true
                default: other = true
                }
            }
            if previousIsLower && properties.isUppercase { caseBreaks += 1 }
            previousIsLower = properties.isLowercase
            if scalar.value >= 0x80 {
                high += 1
                run += 1
                if run >= 3 { longRuns += 1 }
                if !properties.isAlphabetic { symbols += 1 }
                if commonSet.contains(scalar.value) { common += 1 }
                if specific.contains(scalar.value) { common += 1 }
            } else {
                run = 0
            }
        }

        /// The word's points (see `CharacterSetGuess`), and a fresh start for the next word.
        mutating func finish() -> Int {
            defer { self = WordScore() }
            // A lone symbol beside digits or spaces ("£5.99") says nothing either way.
            guard high > 0, length > 1 else { return 0 }
            let scripts = (latin ? 1 : 0) + (cyrillic ? 1 : 0) + (other ? 1 : 0)
            var bad = 2 * symbols + 2 * caseBreaks
            if scripts > 1 { bad += 2 * high }
            if latin && scripts == 1 { return common - bad - longRuns }
            if cyrillic && scripts == 1 { return high - bad }
            return -bad
        }
    }

    private static func set(_ letters: String) -> Set<UInt32> { Set(letters.unicodeScalars.map(\.value)) }

    private static let westernLetters = set("éèàçüöäñóíáúâêôßøåæÉÈÀÇÜÖÄÑÓÍÁÚÂÊÔØÅÆëïîûùìòãõÿœŒÃÕÎÛÙÌÒËÏðþÐÞýÝ")
    private static let westernOnly = set("èàçñøåæãœÈÀÇÑØÅÆÃŒòùìÒÙÌðþÐÞ")
    private static let centralLetters = set("áéíóúýčďěňřšťžůłąęśźżćńőűöüäßÁÉÍÓÚÝČĎĚŇŘŠŤŽŮŁĄĘŚŹŻĆŃŐŰÖÜÄâîăşţÂÎĂŞŢ")
    private static let centralOnly = set("őűłąęśźżćńřěůčťďňşţăŁĄĘŚŹŻĆŃŘĚŮČŤĎŇŐŰŞŢĂ")
}
