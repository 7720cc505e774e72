import StrataConformance
import StrataSwift5Cases
import Testing

/// The `let`-property cases (a target compiled in the Swift 5 language mode) on the PostgreSQL store.
@Suite struct PostgresLetPropertyTests {
    @Test(arguments: LetPropertyCases.all)
    func letProperties(_ conformanceCase: ConformanceCase) throws {
        try PostgresConformanceTests.runner.check(conformanceCase)
    }
}
