import StrataCore

/// Every ASCII punctuation character as a `contains`/`starts(with:)` needle and in equality,
/// case pairs for every letter, long strings, and NUL in the middle of a string.
extension StringCases {
    static var morePunctuation: [ConformanceCase] { punctuationCases() + letterCaseCases() + longCases() + nulCases() }

    /// The 32 ASCII punctuation characters, `!` through `~`.
    static let punctuation: [Character] = Array("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")

    static func hex(_ character: Character) -> String {
        "x" + String(character.asciiValue!, radix: 16, uppercase: true)
    }

    /// Row `x21` holds `"a!b"` with `optString` `"!"`, and so on for each character; `plain` holds
    /// `"ab"` with no `optString`.
    static func punctuationCases() -> [ConformanceCase] {
        let values = punctuation.map { (tag: hex($0), string: "a\($0)b", optString: Optional(String($0))) } + [(tag: "plain", string: "ab", optString: nil)]
        let t = table("punctuation", values)
        return punctuation.flatMap { character -> [ConformanceCase] in
            let needle = String(character), whole = "a\(character)b", prefix = "a\(character)", tag = hex(character)
            return [
                t("\(tag).contains", #Predicate<Row> { $0.string.contains(needle) }, [tag]),
                t("\(tag).equals", #Predicate<Row> { $0.string == whole }, [tag]),
                t("\(tag).startsWith", #Predicate<Row> { $0.string.starts(with: prefix) }, [tag]),
                t("\(tag).optionalEquals", #Predicate<Row> { $0.optString == needle }, [tag]),
            ]
        }
    }

    /// Rows `lower-x` (`"<x>"`) and `upper-x` (`"<X>"`) for every letter.
    static func letterCaseCases() -> [ConformanceCase] {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let values = letters.flatMap { letter in
            [(tag: "lower-\(letter)", string: "<\(letter)>", optString: String?.none),
             (tag: "upper-\(letter)", string: "<\(letter.uppercased())>", optString: String?.none)]
        }
        let t = table("casePair", values)
        return letters.flatMap { letter -> [ConformanceCase] in
            let upper = letter.uppercased(), lowerWhole = "<\(letter)>"
            return [
                t("\(letter).containsUpper", #Predicate<Row> { $0.string.contains(upper) }, ["upper-\(letter)"]),
                t("\(letter).equalsLower", #Predicate<Row> { $0.string == lowerWhole }, ["lower-\(letter)"]),
            ]
        }
    }

    /// `long1` and `long2` are 10,000 `x` followed by `"needle"` / `"needlf"`; `short` is `"needle"`.
    static func longCases() -> [ConformanceCase] {
        let xs = String(repeating: "x", count: 10_000)
        let long1 = xs + "needle", long2 = xs + "needlf", moreXs = xs + "x", prefix = String(repeating: "x", count: 9_999)
        let t = table("long", [(tag: "long1", string: long1, optString: long1), (tag: "long2", string: long2, optString: nil), (tag: "short", string: "needle", optString: "needle")])
        return [
            t("containsNeedle", #Predicate<Row> { $0.string.contains("needle") }, ["long1", "short"]),
            t("equalsLong", #Predicate<Row> { $0.string == long1 }, ["long1"]),
            t("notEqualsLong", #Predicate<Row> { $0.string != long2 }, ["long1", "short"]),
            t("startsWithLongPrefix", #Predicate<Row> { $0.string.starts(with: prefix) }, ["long1", "long2"]),
            t("containsLongerRun", #Predicate<Row> { $0.string.contains(moreXs) }, []),
            t("lessThanLong", #Predicate<Row> { $0.string < long2 }, ["long1", "short"]),
            t("optionalEqualsLong", #Predicate<Row> { $0.optString == long1 }, ["long1"]),
            t("optionalNotEqualsLongKeepsNil", #Predicate<Row> { $0.optString != long1 }, ["long2", "short"]),
        ]
    }

    /// `nulMid` `"a\0b"`, `nulEnd` `"a\0"`, `a` `"a"`, `ab` `"ab"`: Swift order is a < nulEnd < nulMid < ab.
    static func nulCases() -> [ConformanceCase] {
        let t = table("nul", [
            (tag: "nulMid", string: "a\u{0}b", optString: "\u{0}"), (tag: "nulEnd", string: "a\u{0}", optString: nil),
            (tag: "a", string: "a", optString: ""), (tag: "ab", string: "ab", optString: nil),
        ])
        let nul = "\u{0}", nulB = "\u{0}b", aNul = "a\u{0}", aNulB = "a\u{0}b"
        return [
            t("equalsMiddleNul", #Predicate<Row> { $0.string == aNulB }, ["nulMid"]),
            t("equalsPrefixOnly", #Predicate<Row> { $0.string == "a" }, ["a"]),
            t("notEqualsPrefix", #Predicate<Row> { $0.string != "a" }, ["nulMid", "nulEnd", "ab"]),
            t("containsNul", #Predicate<Row> { $0.string.contains(nul) }, ["nulMid", "nulEnd"]),
            t("containsNulThenB", #Predicate<Row> { $0.string.contains(nulB) }, ["nulMid"]),
            t("containsBAfterNul", #Predicate<Row> { $0.string.contains("b") }, ["nulMid", "ab"]),
            t("startsWithNul", #Predicate<Row> { $0.string.starts(with: aNul) }, ["nulMid", "nulEnd"]),
            t("lessThanMiddleNul", #Predicate<Row> { $0.string < aNulB }, ["a", "nulEnd"]),
            t("greaterThanEndNul", #Predicate<Row> { $0.string > aNul }, ["nulMid", "ab"]),
            t("optionalEqualsNul", #Predicate<Row> { $0.optString == nul }, ["nulMid"]),
            t("optionalEqualsEmptyNotNul", #Predicate<Row> { $0.optString == "" }, ["a"]),
        ]
    }
}
