import StrataCore

/// Writing many-to-many and one-way to-many relationships from either side, removing, replacing
/// and deleting (`.nullify`), checked in a new context.
extension RelationshipCases {
    static let manyToMany: [ConformanceCase] = [
        edit("insertFromStudentSide", seed: { context in
            let ann = Student(name: "ann"), math = Course(title: "math"), art = Course(title: "art")
            context.insert(ann)
            ann.courses = [math, art]
        }, edit: nil, students: ["ann": ["math", "art"]], courses: ["math": ["ann"], "art": ["ann"]]),
        edit("insertFromCourseSide", seed: { context in
            let math = Course(title: "math"), ann = Student(name: "ann"), bob = Student(name: "bob")
            context.insert(math)
            math.students = [ann, bob]
        }, edit: nil, students: ["ann": ["math"], "bob": ["math"]], courses: ["math": ["ann", "bob"]]),
        edit("removeFromStudentSide", edit: { context in
            let ann = try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "ann" })
            ann.courses.removeAll { $0.title == "art" }
        }, students: ["ann": ["math"], "bob": ["chem"], "cid": [], "dee": ["art"]],
           courses: ["math": ["ann"], "art": ["dee"], "chem": ["bob"], "void": []]),
        edit("removeFromCourseSide", edit: { context in
            let art = try DeleteRuleCases.one(context, #Predicate<Course> { $0.title == "art" })
            art.students.removeAll { $0.name == "ann" }
        }, students: ["ann": ["math"], "bob": ["chem"], "cid": [], "dee": ["art"]],
           courses: ["math": ["ann"], "art": ["dee"], "chem": ["bob"], "void": []]),
        edit("addAfterSave", edit: { context in
            let cid = try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "cid" })
            cid.courses.append(try DeleteRuleCases.one(context, #Predicate<Course> { $0.title == "chem" }))
            cid.courses.append(try DeleteRuleCases.one(context, #Predicate<Course> { $0.title == "void" }))
        }, students: ["ann": ["math", "art"], "bob": ["chem"], "cid": ["chem", "void"], "dee": ["art"]],
           courses: ["math": ["ann"], "art": ["ann", "dee"], "chem": ["bob", "cid"], "void": ["cid"]]),
        edit("appendExistingToLinked", edit: { context in
            let ann = try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "ann" })
            ann.courses.append(try DeleteRuleCases.one(context, #Predicate<Course> { $0.title == "chem" }))
        }, students: ["ann": ["math", "art", "chem"], "bob": ["chem"], "cid": [], "dee": ["art"]],
           courses: ["math": ["ann"], "art": ["ann", "dee"], "chem": ["bob", "ann"], "void": []]),
        edit("appendExistingFromCourseSide", edit: { context in
            let void = try DeleteRuleCases.one(context, #Predicate<Course> { $0.title == "void" })
            void.students.append(try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "dee" }))
        }, students: ["ann": ["math", "art"], "bob": ["chem"], "cid": [], "dee": ["art", "void"]],
           courses: ["math": ["ann"], "art": ["ann", "dee"], "chem": ["bob"], "void": ["dee"]]),
        edit("appendExistingReachedThroughRelationship", edit: { context in
            let bob = try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "bob" })
            let dee = try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "dee" })
            dee.courses.append(bob.courses[0])
        }, students: ["ann": ["math", "art"], "bob": ["chem"], "cid": [], "dee": ["art", "chem"]],
           courses: ["math": ["ann"], "art": ["ann", "dee"], "chem": ["bob", "dee"], "void": []]),
        edit("replaceWholeArray", edit: { context in
            let ann = try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "ann" })
            ann.courses = [try DeleteRuleCases.one(context, #Predicate<Course> { $0.title == "chem" })]
        }, students: ["ann": ["chem"], "bob": ["chem"], "cid": [], "dee": ["art"]],
           courses: ["math": [], "art": ["dee"], "chem": ["ann", "bob"], "void": []]),
        edit("deleteStudentNullifies", edit: { context in
            context.delete(try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "ann" }))
        }, students: ["bob": ["chem"], "cid": [], "dee": ["art"]],
           courses: ["math": [], "art": ["dee"], "chem": ["bob"], "void": []]),
        edit("deleteCourseNullifies", edit: { context in
            context.delete(try DeleteRuleCases.one(context, #Predicate<Course> { $0.title == "art" }))
        }, students: ["ann": ["math"], "bob": ["chem"], "cid": [], "dee": []],
           courses: ["math": ["ann"], "chem": ["bob"], "void": []]),
        edit("deleteBothSidesInOneSave", edit: { context in
            context.delete(try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "ann" }))
            context.delete(try DeleteRuleCases.one(context, #Predicate<Course> { $0.title == "art" }))
        }, students: ["bob": ["chem"], "cid": [], "dee": []], courses: ["math": [], "chem": ["bob"], "void": []]),
        edit("moveStudentBetweenCourses", edit: { context in
            let bob = try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "bob" })
            let math = try DeleteRuleCases.one(context, #Predicate<Course> { $0.title == "math" })
            math.students.append(bob)
            bob.courses.removeAll { $0.title == "chem" }
        }, students: ["ann": ["math", "art"], "bob": ["math"], "cid": [], "dee": ["art"]],
           courses: ["math": ["ann", "bob"], "art": ["ann", "dee"], "chem": [], "void": []]),
    ]

    /// Saves `seed`, applies `edit` in a new context and saves, then checks both sides in
    /// another new context: every student's courses and every course's students, as sets.
    static func edit(
        _ detail: String, seed: @escaping @Sendable (ModelContext) -> Void = school, edit: (@Sendable (ModelContext) throws -> Void)?,
        students: [String: [String]], courses: [String: [String]]
    ) -> ConformanceCase {
        ConformanceCase("\(category).manyToMany.edit.\(detail)", category: category) { environment in
            let reader = try Fixtures.seedThenEdit(environment.makeContainer(), seed: seed, edit: edit)
            let storedStudents = try reader.fetch(FetchDescriptor<Student>())
            try Check.sameElements(storedStudents.map(\.name), Array(students.keys), "students in a new context")
            for student in storedStudents {
                try Check.sameElements(student.courses.map(\.title), students[student.name] ?? [], "\(student.name).courses")
            }
            let storedCourses = try reader.fetch(FetchDescriptor<Course>())
            try Check.sameElements(storedCourses.map(\.title), Array(courses.keys), "courses in a new context")
            for course in storedCourses {
                try Check.sameElements(course.students.map(\.name), courses[course.title] ?? [], "\(course.title).students")
            }
        }
    }

    /// A fetched student gains a stored course; a new context finds the link from the course's
    /// side first, through a to-many predicate and by count, before it reads the student.
    static let appendExistingSeenFromEverySide = ConformanceCase("\(category).manyToMany.appendExisting.seenFromEverySide", category: category) { environment in
        let container = try environment.makeContainer()
        let reader = try Fixtures.seedThenEdit(container, seed: school) { context in
            let cid = try DeleteRuleCases.one(context, #Predicate<Student> { $0.name == "cid" })
            cid.courses.append(try DeleteRuleCases.one(context, #Predicate<Course> { $0.title == "math" }))
        }
        let math = try DeleteRuleCases.one(reader, #Predicate<Course> { $0.title == "math" })
        try Check.sameElements(math.students.map(\.name), ["ann", "cid"], "math.students, read first")
        let taking = FetchDescriptor<Student>(predicate: #Predicate { student in student.courses.contains { $0.title == "math" } })
        try Check.sameElements(try reader.fetch(taking).map(\.name), ["ann", "cid"], "students whose courses contain math")
        try Check.equal(try reader.fetchCount(FetchDescriptor<Student>(predicate: #Predicate { $0.courses.count == 1 })), 3, "students with one course")
        let cid = try DeleteRuleCases.one(reader, #Predicate<Student> { $0.name == "cid" })
        try Check.equal(cid.courses.map(\.title), ["math"], "cid.courses")
    }

    /// The same with the join table declared on the side whose entity name sorts last (`Team`
    /// over `Sponsor`): a fetched model on either side gains a stored one, read in a new context.
    static let appendExistingAcrossDeclaringSide = ConformanceCase("\(category).manyToMany.appendExisting.acrossDeclaringSide", category: category) { environment in
        let container = try environment.makeContainer(for: UniquenessCases.teamTypes)
        let reader = try Fixtures.seedThenEdit(container, seed: { context in
            let a = Team(name: "a"), b = Team(name: "b"), s1 = Sponsor(name: "s1"), s2 = Sponsor(name: "s2")
            for model in [a, b] as [any PersistentModel] + [s1, s2] { context.insert(model) }
            a.sponsors = [s1]
        }, edit: { context in
            let a = try DeleteRuleCases.one(context, #Predicate<Team> { $0.name == "a" })
            a.sponsors.append(try DeleteRuleCases.one(context, #Predicate<Sponsor> { $0.name == "s2" }))
            let s1 = try DeleteRuleCases.one(context, #Predicate<Sponsor> { $0.name == "s1" })
            s1.teams.append(try DeleteRuleCases.one(context, #Predicate<Team> { $0.name == "b" }))
        })
        for sponsor in try reader.fetch(FetchDescriptor<Sponsor>()) {
            try Check.sameElements(sponsor.teams.map(\.name), sponsor.name == "s1" ? ["a", "b"] : ["a"], "\(sponsor.name).teams")
        }
        for team in try reader.fetch(FetchDescriptor<Team>()) {
            try Check.sameElements(team.sponsors.map(\.name), team.name == "a" ? ["s1", "s2"] : ["s1"], "\(team.name).sponsors")
        }
    }

    static let oneWay: [ConformanceCase] = [
        playlistEdit("insert", edit: nil, playlists: ["mix": ["a", "b"], "solo": ["c"], "none": []], songs: ["a", "b", "c", "d"]),
        playlistEdit("removeKeepsSong", edit: { context in
            try DeleteRuleCases.one(context, #Predicate<Playlist> { $0.name == "mix" }).songs.removeAll { $0.title == "a" }
        }, playlists: ["mix": ["b"], "solo": ["c"], "none": []], songs: ["a", "b", "c", "d"]),
        playlistEdit("deleteSongLeavesPlaylist", edit: { context in
            context.delete(try DeleteRuleCases.one(context, #Predicate<Song> { $0.title == "b" }))
        }, playlists: ["mix": ["a"], "solo": ["c"], "none": []], songs: ["a", "c", "d"]),
        playlistEdit("deletePlaylistKeepsSongs", edit: { context in
            context.delete(try DeleteRuleCases.one(context, #Predicate<Playlist> { $0.name == "mix" }))
        }, playlists: ["solo": ["c"], "none": []], songs: ["a", "b", "c", "d"]),
        playlistEdit("songInTwoPlaylists", edit: { context in
            let c = try DeleteRuleCases.one(context, #Predicate<Song> { $0.title == "c" })
            try DeleteRuleCases.one(context, #Predicate<Playlist> { $0.name == "mix" }).songs.append(c)
            try DeleteRuleCases.one(context, #Predicate<Playlist> { $0.name == "none" }).songs.append(c)
        }, playlists: ["mix": ["a", "b", "c"], "solo": ["c"], "none": ["c"]], songs: ["a", "b", "c", "d"]),
        playlistEdit("deleteSharedSong", edit: { context in
            let a = try DeleteRuleCases.one(context, #Predicate<Song> { $0.title == "a" })
            try DeleteRuleCases.one(context, #Predicate<Playlist> { $0.name == "solo" }).songs.append(a)
            context.delete(a)
        }, playlists: ["mix": ["b"], "solo": ["c"], "none": []], songs: ["b", "c", "d"]),
        playlistEdit("replaceSongs", edit: { context in
            let d = try DeleteRuleCases.one(context, #Predicate<Song> { $0.title == "d" })
            try DeleteRuleCases.one(context, #Predicate<Playlist> { $0.name == "mix" }).songs = [d]
        }, playlists: ["mix": ["d"], "solo": ["c"], "none": []], songs: ["a", "b", "c", "d"]),
    ]

    static func playlistEdit(
        _ detail: String, edit: (@Sendable (ModelContext) throws -> Void)?, playlists: [String: [String]], songs: [String]
    ) -> ConformanceCase {
        ConformanceCase("\(category).oneWay.edit.\(detail)", category: category) { environment in
            let reader = try Fixtures.seedThenEdit(environment.makeContainer(), seed: music, edit: edit)
            let stored = try reader.fetch(FetchDescriptor<Playlist>())
            try Check.sameElements(stored.map(\.name), Array(playlists.keys), "playlists in a new context")
            for playlist in stored {
                try Check.sameElements(playlist.songs.map(\.title), playlists[playlist.name] ?? [], "\(playlist.name).songs")
            }
            try Check.sameElements(try reader.fetch(FetchDescriptor<Song>()).map(\.title), songs, "songs in a new context")
        }
    }
}
