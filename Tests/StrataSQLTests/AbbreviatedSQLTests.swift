import StrataSQL
import Testing

@Suite struct AbbreviatedSQLTests {
    @Test func shortTextIsWhole() {
        let text = String(repeating: "x", count: SQLStatement.describedTextLength)
        #expect(SQLStatement.abbreviated(text) == text)
    }

    @Test func longTextKeepsItsStartAndCountsTheRest() {
        let text = String(repeating: "é", count: SQLStatement.describedTextLength) + String(repeating: "y", count: 49_000)
        #expect(SQLStatement.abbreviated(text) == String(repeating: "é", count: SQLStatement.describedTextLength) + "… (49000 more characters)")
    }
}
