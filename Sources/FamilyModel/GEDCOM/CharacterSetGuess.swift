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

    static func score(_ bytes: [UInt8], _ page: CodePage, common: Set<UInt32>, specific: Set<UInt32>) -> Int {
        var total = 0
        var word: [Unicode.Scalar] = []
        var hasHigh = false
        func finish() {
            if hasHigh { total += score(word: word, common: common, specific: specific) }
            word.removeAll(keepingCapacity: true)
            hasHigh = false
        }
        for byte in bytes {
            let isASCIILetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            if isASCIILetter {
                word.append(Unicode.Scalar(byte))
            } else if byte >= 0x80 {
                let scalar = page.character(byte) ?? "\u{FFFD}"
                if scalar == "\u{A0}" { finish(); continue }  // a no-break space ends a word
                word.append(scalar)
                hasHigh = true
            } else {
                finish()
            }
        }
        finish()
        return total
    }

    private enum Script { case latin, cyrillic, other }

    private static func script(_ scalar: Unicode.Scalar) -> Script {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: return .latin
        case 0x400...0x4FF: return .cyrillic
        default: return .other
        }
    }

    private static func score(word: [Unicode.Scalar], common: Set<UInt32>, specific: Set<UInt32>) -> Int {
        let high = word.filter { $0.value >= 0x80 }
        // A lone symbol beside digits or spaces ("£5.99") says nothing either way.
        if word.count == 1 { return 0 }
        var bad = 0
        var scripts: Set<Int> = []
        for scalar in word where scalar.properties.isAlphabetic {
            switch script(scalar) {
            case .latin: scripts.insert(0)
            case .cyrillic: scripts.insert(1)
            case .other: scripts.insert(2)
            }
        }
        if scripts.count > 1 { bad += 2 * high.count }
        bad += 2 * high.filter { !$0.properties.isAlphabetic }.count
        for k in word.indices.dropFirst() where word[k - 1].properties.isLowercase && word[k].properties.isUppercase { bad += 2 }
        var good = 0
        if scripts == [0] {
            var run = 0
            for scalar in word {
                run = scalar.value >= 0x80 ? run + 1 : 0
                if run >= 3 { bad += 1 }
            }
            good = high.filter { common.contains($0.value) }.count + high.filter { specific.contains($0.value) }.count
        } else if scripts == [1] {
            good = high.count
        }
        return good - bad
    }

    private static func set(_ letters: String) -> Set<UInt32> { Set(letters.unicodeScalars.map(\.value)) }

    private static let westernLetters = set("éèàçüöäñóíáúâêôßøåæÉÈÀÇÜÖÄÑÓÍÁÚÂÊÔØÅÆëïîûùìòãõÿœŒÃÕÎÛÙÌÒËÏðþÐÞýÝ")
    private static let westernOnly = set("èàçñøåæãœÈÀÇÑØÅÆÃŒòùìÒÙÌðþÐÞ")
    private static let centralLetters = set("áéíóúýčďěňřšťžůłąęśźżćńőűöüäßÁÉÍÓÚÝČĎĚŇŘŠŤŽŮŁĄĘŚŹŻĆŃŐŰÖÜÄâîăşţÂÎĂŞŢ")
    private static let centralOnly = set("őűłąęśźżćńřěůčťďňşţăŁĄĘŚŹŻĆŃŘĚŮČŤĎŇŐŰŞŢĂ")
}
