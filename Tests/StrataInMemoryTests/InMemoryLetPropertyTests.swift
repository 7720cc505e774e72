import StrataConformance
import StrataSwift5Cases
import Testing

/// The `let`-property cases (a target compiled in the Swift 5 language mode) on the in-memory store.
@Suite struct InMemoryLetPropertyTests {
    @Test(arguments: LetPropertyCases.all)
    func letProperties(_ conformanceCase: ConformanceCase) throws {
        try InMemoryConformanceTests.runner.check(conformanceCase)
    }
}
