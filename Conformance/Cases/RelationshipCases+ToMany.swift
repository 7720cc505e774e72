import StrataCore

/// `contains(where:)` with nested null-safe predicates, `allSatisfy` (true when empty), `count`
/// and `isEmpty`, on both sides of a many-to-many relationship and on a one-way to-many.
extension RelationshipCases {
    /// Courses math (5 credits), art (no credits), chem (3) and void (no credits, no students);
    /// students ann (year 1: math, art), bob (no year: chem), cid (year 2: no course), dee (year 3: art).
    @Sendable static func school(_ context: ModelContext) {
        let math = Course(title: "math", credits: 5), art = Course(title: "art"), chem = Course(title: "chem", credits: 3)
        context.insert(Course(title: "void"))
        let ann = Student(name: "ann", year: 1), bob = Student(name: "bob"), cid = Student(name: "cid", year: 2), dee = Student(name: "dee", year: 3)
        for student in [ann, bob, cid, dee] { context.insert(student) }
        ann.courses = [math, art]
        bob.courses = [chem]
        dee.courses = [art]
    }

    static func student(_ detail: String, _ predicate: Predicate<Student>, _ expected: [String]) -> ConformanceCase {
        graphCase("manyToMany.students.\(detail)", seed: school, name: { (model: Student) in model.name }, predicate, expected)
    }

    static func course(_ detail: String, _ predicate: Predicate<Course>, _ expected: [String]) -> ConformanceCase {
        graphCase("manyToMany.courses.\(detail)", seed: school, name: { (model: Course) in model.title }, predicate, expected)
    }

    static func studentCases() -> [ConformanceCase] {
        let wanted: Int? = 5
        return [
            student("containsNilCredits", #Predicate { s in s.courses.contains { c in c.credits == nil } }, ["ann", "dee"]),
            student("containsCreditsNotFiveKeepsNil", #Predicate { s in s.courses.contains { c in c.credits != 5 } }, ["ann", "bob", "dee"]),
            student("containsCapturedOptional", #Predicate { s in s.courses.contains { c in c.credits == wanted } }, ["ann"]),
            student("containsUnwrapGuarded", #Predicate { s in s.courses.contains { c in c.credits != nil && c.credits! > 4 } }, ["ann"]),
            student("containsCoalesced", #Predicate { s in s.courses.contains { c in (c.credits ?? 0) >= 3 } }, ["ann", "bob"]),
            student("containsOr", #Predicate { s in s.courses.contains { c in c.title.starts(with: "m") || c.credits == 3 } }, ["ann", "bob"]),
            student("containsNegated", #Predicate { s in s.courses.contains { c in !(c.credits == nil) } }, ["ann", "bob"]),
            student("notContainsNilCredits", #Predicate { s in !s.courses.contains { c in c.credits == nil } }, ["bob", "cid"]),
            student("allSatisfyHasCredits", #Predicate { s in s.courses.allSatisfy { c in c.credits != nil } }, ["bob", "cid"]),
            student("allSatisfyNoCredits", #Predicate { s in s.courses.allSatisfy { c in c.credits == nil } }, ["cid", "dee"]),
            student("allSatisfyImpossibleIsTrueWhenEmpty", #Predicate { s in s.courses.allSatisfy { c in c.title == "zzz" } }, ["cid"]),
            student("notAllSatisfy", #Predicate { s in !s.courses.allSatisfy { c in c.credits != nil } }, ["ann", "dee"]),
            student("countEqualsTwo", #Predicate { $0.courses.count == 2 }, ["ann"]),
            student("countAtLeastOne", #Predicate { $0.courses.count >= 1 }, ["ann", "bob", "dee"]),
            student("countBelowOne", #Predicate { $0.courses.count < 1 }, ["cid"]),
            student("countNotOne", #Predicate { $0.courses.count != 1 }, ["ann", "cid"]),
            student("isEmpty", #Predicate { $0.courses.isEmpty }, ["cid"]),
            student("containsAndNilYear", #Predicate { s in s.courses.contains { c in c.title == "art" } && s.year == nil }, []),
            student("containsOrNilYear", #Predicate { s in s.courses.contains { c in c.title == "art" } || s.year == nil }, ["ann", "bob", "dee"]),
            student("yearNotOneAndNotEmpty", #Predicate { s in s.year != 1 && !s.courses.isEmpty }, ["bob", "dee"]),
        ]
    }

    static func courseCases() -> [ConformanceCase] {
        [
            course("containsNilYear", #Predicate { c in c.students.contains { s in s.year == nil } }, ["chem"]),
            course("containsYearNotOneKeepsNil", #Predicate { c in c.students.contains { s in s.year != 1 } }, ["art", "chem"]),
            course("isEmpty", #Predicate { $0.students.isEmpty }, ["void"]),
            course("allSatisfyHasYear", #Predicate { c in c.students.allSatisfy { s in s.year != nil } }, ["math", "art", "void"]),
            course("countTwo", #Predicate { $0.students.count == 2 }, ["art"]),
            course("countAndNilCredits", #Predicate { $0.students.count > 0 && $0.credits == nil }, ["art"]),
            course("containsNameRange", #Predicate { c in c.students.contains { s in s.name >= "b" && s.name < "d" } }, ["chem"]),
        ]
    }

    /// Playlists mix (a 100 s, b 200 s), solo (c 300 s) and none; song d (50 s) is in no playlist.
    @Sendable static func music(_ context: ModelContext) {
        let a = Song(title: "a", seconds: 100), b = Song(title: "b", seconds: 200), c = Song(title: "c", seconds: 300)
        context.insert(Song(title: "d", seconds: 50))
        let mix = Playlist(name: "mix"), solo = Playlist(name: "solo")
        for model in [mix, solo, Playlist(name: "none")] { context.insert(model) }
        mix.songs = [a, b]
        solo.songs = [c]
    }

    static func playlist(_ detail: String, _ predicate: Predicate<Playlist>, _ expected: [String]) -> ConformanceCase {
        graphCase("oneWay.\(detail)", seed: music, name: { (model: Playlist) in model.name }, predicate, expected)
    }

    static func playlistCases() -> [ConformanceCase] {
        [
            playlist("containsLong", #Predicate { p in p.songs.contains { s in s.seconds > 250 } }, ["solo"]),
            playlist("isEmpty", #Predicate { $0.songs.isEmpty }, ["none"]),
            playlist("countTwo", #Predicate { $0.songs.count == 2 }, ["mix"]),
            playlist("allSatisfyShortIncludesEmpty", #Predicate { p in p.songs.allSatisfy { s in s.seconds < 250 } }, ["mix", "none"]),
            playlist("notContainsTitle", #Predicate { p in !p.songs.contains { s in s.title == "a" } }, ["solo", "none"]),
            playlist("containsUnlistedSong", #Predicate { p in p.songs.contains { s in s.title == "d" } }, []),
        ]
    }
}
