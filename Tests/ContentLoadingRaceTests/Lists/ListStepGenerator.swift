import ContentLoadingTestSupport

/// Makes the lists lane's sequences from one seed: a feed and a search (and now and then a
/// third list) over five items, a detail screen or two, and the steps.
@MainActor
enum ListStepGenerator {
    /// Up to `maximumLength` steps, weighted toward requests answered out of order, stars and
    /// their settling, and store changes while requests are in flight; some steps run from
    /// inside a renderer's `apply`.
    static func sequence(seed: UInt64, maximumLength: Int = 30) -> (lane: ListRaceLane, steps: [ListStep]) {
        var random = SeededGenerator(seed: seed)
        // Steps from inside show and hide, from a stream of their own; a sequence with them
        // begins no load from inside apply (which would leave when the wrapper shows undecided).
        var screens = SeededGenerator(seed: seed ^ 0x5C2E_E115)
        let reentersScreens = screens.chance(40)
        // Edits of the lists' rows, from a stream of their own, in half the sequences without
        // steps from inside show and hide (an edit that empties a list or fills it hides or
        // shows its content).
        var editing = SeededGenerator(seed: seed ^ 0xED17_5EED)
        let edits = !reentersScreens && editing.chance(50)
        // Pages, from a stream of their own: in half the sequences the third list is a paged one.
        var paging = SeededGenerator(seed: seed ^ 0x9A6E_5EED)
        let pages = paging.chance(50)
        var steps: [ListStep] = [.openList, .openList]
        if pages { steps.append(.openPagedList) }
        if random.chance(50) { steps.append(.openDetail(id(&random))) }
        for _ in 0..<Int.random(in: 1...maximumLength, using: &random) {
            if edits, editing.chance(40) { steps += edit(&editing, paged: pages) }
            if pages, paging.chance(30) {
                // From inside a show, more loaded: the content the page extends is on screen.
                steps +=
                    reentersScreens && paging.chance(15)
                    ? [.reenterScreen(2, hides: false, .loadMore(2))] : page(&paging, removing: !reentersScreens)
            }
            // Now and then a list shows its rows, then a refresh of them whose frame has the app
            // write one of them from inside `apply` (a row the refresh just updated).
            if reentersScreens, screens.chance(15) {
                let inner: ListStep
                switch screens.pick([3, 3, 1, 1]) {
                case 0: inner = .write(id(&screens), title: title(&screens))
                case 1: inner = .star(id(&screens))
                case 2: inner = .remove(id(&screens))
                default: inner = .invalidate(id(&screens))
                }
                steps.append(.reenterScreen(index(&screens), hides: screens.chance(30), inner))
            }
            if random.chance(3) {
                // Two stars on one item, the newer committed first: the older one is superseded.
                let item = id(&random)
                steps += [.star(item), .star(item), .settle(.newest, .commit), .settle(.oldest, .commit)]
                continue
            }
            guard random.chance(6) else {
                var next = step(&random, reentering: true)
                if reentersScreens, case .reenter(let list, .load) = next { next = .reenter(list, .star(1)) }
                steps.append(next)
                continue
            }
            let list = index(&random)
            var ids = response(&random)
            if ids.isEmpty { ids = [id(&random)] }
            steps += [
                .load(list), .answer(list, .newest, ids: ids, title: "a"), .load(list),
                .reenter(list, .write(ids.randomElement(using: &random)!, title: "a")),
                .answer(list, .newest, ids: ids, title: "b"),
            ]
        }
        return (ListRaceLane(), steps)
    }

    /// An edit of a list's rows or its settling; now and then a refresh answered after an edit
    /// committed while another is pending, a row removed for good before an eviction, or a new
    /// row edited before the server creates it. While the third list is `paged`, which takes
    /// removes only, the other edits go to the first two.
    private static func edit(_ random: inout SeededGenerator, paged: Bool) -> [ListStep] {
        let list = index(&random)
        let row = Int.random(in: 0..<5, using: &random)
        let offset = Int.random(in: 0...4, using: &random)
        let unpaged = paged ? list % 2 : list
        switch random.pick([3, 3, 2, 2, 7, 2, 1, 2, 2, 2]) {
        case 0: return [.insertRow(unpaged, at: offset)]
        case 1: return [.removeRow(list, row: row)]
        case 2: return [.moveRow(unpaged, row: row, to: offset)]
        case 3: return [.starNewRow(unpaged)]
        case 4: return [.settleEdit(which(&random), random.chance(65) ? .commit : .fail)]
        case 5:
            var ids = response(&random)
            if ids.isEmpty { ids = [id(&random)] }
            return [
                .load(list), .removeRow(list, row: row), .moveRow(list, row: row + 1, to: 0),
                .settleEdit(.oldest, .commit), .answer(list, .newest, ids: ids, title: "e"),
            ]
        case 6:
            // A row removed for good, then what nothing shows is evicted.
            return [.removeRow(list, row: row), .settleEdit(.newest, .commit), .evict]
        case 7: return [.cancelEdit(which(&random))]
        case 8:
            return [
                .insertRow(unpaged, at: offset), .starNewRow(unpaged), .moveRow(unpaged, row: offset, to: 0),
                .settleEdit(.newest, random.chance(60) ? .commit : .fail),
            ]
        default:
            // A detail opened on a new row before the server creates it, now and then starred
            // there; the create commits, fails or is cancelled.
            var steps: [ListStep] = [.insertRow(unpaged, at: offset), .openDetailOnNewRow]
            if random.chance(60) {
                // On a list showing rows, so that the row is inserted.
                let ids = [id(&random), id(&random)]
                steps.insert(contentsOf: [.load(unpaged), .answer(unpaged, .newest, ids: ids, title: "d")], at: 0)
            }
            if random.chance(50) { steps.append(.starDetail) }
            switch random.pick([6, 3, 2]) {
            case 0: steps.append(.settleEdit(.newest, .commit))
            case 1: steps.append(.settleEdit(.newest, .fail))
            default: steps.append(.cancelEdit(.oldest))
            }
            return steps
        }
    }

    /// A step of the paged list (the third list while three are open), or a few: more loaded,
    /// a page answered or failed, out of order with a refresh, one begun from inside a
    /// renderer's apply, a row removed while a page is in flight.
    private static func page(_ random: inout SeededGenerator, removing: Bool) -> [ListStep] {
        var ids = response(&random)
        if ids.isEmpty { ids = [id(&random)] }
        switch random.pick([4, 5, 2, 2, 2, 2, removing ? 2 : 0]) {
        case 0: return [.loadMore(2)]
        case 1: return [.answerPage(2, which(&random), ids: ids, title: title(&random))]
        case 2: return [.failPage(2, which(&random))]
        case 3: return [.reenter(index(&random), .loadMore(2))]
        case 4: return [.load(2), .answer(2, .newest, ids: ids, title: "a"), .loadMore(2)]
        case 5:
            // A refresh begun while a page is in flight: the page is dropped, answered before or after it.
            let refresh: ListStep = .answer(2, .newest, ids: ids, title: "r")
            let page: ListStep = .answerPage(2, .oldest, ids: Array(ids.reversed()), title: "p")
            return random.chance(50)
                ? [.loadMore(2), .load(2), refresh, page] : [.loadMore(2), .load(2), page, refresh]
        default:
            let row = Int.random(in: 0..<5, using: &random)
            return [
                .loadMore(2), .removeRow(2, row: row), .settleEdit(.newest, random.chance(70) ? .commit : .fail),
                .answerPage(2, .newest, ids: ids + [Int.random(in: 1...5, using: &random)], title: "p"),
            ]
        }
    }

    private static func id(_ random: inout SeededGenerator) -> Int {
        ListReferenceModel.ids.randomElement(using: &random)!
    }
    private static func index(_ random: inout SeededGenerator) -> Int { Int.random(in: 0..<3, using: &random) }
    private static func title(_ random: inout SeededGenerator) -> String { random.chance(50) ? "a" : "b" }
    private static func which(_ random: inout SeededGenerator) -> ListStep.Which {
        random.chance(65) ? .newest : .oldest
    }

    /// A response: up to four ids in any order, now and then one repeated.
    private static func response(_ random: inout SeededGenerator) -> [Int] {
        var ids = Array(ListReferenceModel.ids.shuffled(using: &random).prefix(Int.random(in: 0...4, using: &random)))
        if !ids.isEmpty, random.chance(15) {
            ids.insert(ids.randomElement(using: &random)!, at: Int.random(in: 0...ids.count, using: &random))
        }
        return ids
    }

    private static func step(_ random: inout SeededGenerator, reentering: Bool) -> ListStep {
        let weights = [14, 18, 5, 2, 3, 2, 8, 12, 12, 5, 5, 5, reentering ? 9 : 0]
        switch random.pick(weights) {
        case 0: return .load(index(&random))
        case 1: return .answer(index(&random), which(&random), ids: response(&random), title: title(&random))
        case 2: return .fail(index(&random), which(&random))
        case 3: return random.chance(50) ? .closeList(index(&random)) : .openList
        case 4: return .openDetail(id(&random))
        case 5: return .closeDetail(index(&random))
        case 6: return .write(id(&random), title: title(&random))
        case 7: return .star(id(&random))
        case 8:
            let settlements: [ListStep.Settlement] = [.commit, .server, .fail, .cancel]
            return .settle(which(&random), settlements[random.pick([5, 2, 3, 1])])
        case 9: return .invalidate(id(&random))
        case 10: return .remove(id(&random))
        case 11: return .evict
        default:
            // From inside a renderer's apply: a store change, a star, a load.
            let inner: ListStep
            switch random.pick([3, 3, 3, 1, 1, 1]) {
            case 0: inner = .write(id(&random), title: title(&random))
            case 1: inner = .star(id(&random))
            case 2: inner = .load(index(&random))
            case 3: inner = .remove(id(&random))
            case 4: inner = .cancelEdit(which(&random))
            default: inner = .invalidate(id(&random))
            }
            return .reenter(index(&random), inner)
        }
    }
}
