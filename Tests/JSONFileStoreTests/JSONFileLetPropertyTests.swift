import StrataConformance
import StrataSwift5Cases
import Testing

/// The `let`-property cases (a target compiled in the Swift 5 language mode) on the JSON file store.
@Suite struct JSONFileLetPropertyTests {
    @Test(arguments: LetPropertyCases.all)
    func letProperties(_ conformanceCase: ConformanceCase) throws {
        try JSONFileConformanceTests.runner.check(conformanceCase)
    }
}
