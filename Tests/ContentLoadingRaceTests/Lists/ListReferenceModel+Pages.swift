/// The pages of ``ListReferenceModel``, restated from the `PagedListDataSource` docs.
///
/// A paged list loads more only while it shows content, no refresh is in flight (one is until
/// its rows are drawn) and no page is; a refresh drops the page in flight. A page lands its items as a response does (an item
/// changed since its request began keeps its newer value), leaves out the ids it repeats or the
/// list holds (shown, or hidden by a pending edit), and those a remove committed after it began
/// took out, and joins the server's order after the others: drawn as its insertions alone, or,
/// while the list is edited, as the order its edits make. Its rows the store has no value for
/// are not shown. A paged list does not reload once its edits settle; it takes removes alone of
/// the row edits.
extension ListReferenceModel {
    mutating func applyPage(_ step: ListStep) -> String {
        switch step {
        case .loadMore(let index):
            guard let at = position(index, in: lists.count), lists[at].isPaged else { return "none" }
            if lists[at].current != nil { return "refused" }
            if lists[at].page != nil { return "already" }
            guard lists[at].displayed == .content else { return "refused" }
            pages.append(
                Request(number: pages.count + 1, list: lists[at].id, mark: changes, editsMark: lists[at].editMark))
            lists[at].page = pages.count
            return "started"
        case .answerPage(let index, let which, let ids, let title):
            guard let at = position(index, in: lists.count), let page = takePage(lists[at].id, which) else {
                return "none"
            }
            guard lists[at].page == page.number else {
                pagesDropped += 1
                return "dropped"
            }
            // Still in flight while it lands: more loaded from inside its drawing is already loading.
            let id = lists[at].id
            landPage(ids, title: title, in: id, since: page.mark, editsSince: page.editsMark)
            if let at = position(ofList: id), lists[at].page == page.number { lists[at].page = nil }
            return "landed"
        case .failPage(let index, let which):
            guard let at = position(index, in: lists.count), let page = takePage(lists[at].id, which) else {
                return "none"
            }
            guard lists[at].page == page.number else { return "dropped" }
            lists[at].page = nil
            return "failed"
        default:
            return "none"
        }
    }

    /// Takes paged list `list`'s oldest or newest unanswered page request.
    private mutating func takePage(_ list: Int, _ which: ListStep.Which) -> Request? {
        let open = pages.indices.filter { pages[$0].list == list && !pages[$0].isAnswered }
        guard let index = which == .oldest ? open.first : open.last else { return nil }
        pages[index].isAnswered = true
        return pages[index]
    }

    /// The server's order of `list` as it stands: its response with the removes folded into
    /// it since it landed.
    private func serverOrder(of list: List) -> [Int] {
        var ids = list.response
        for edit in list.edits where edit.kind == .remove && edit.state == .committed {
            if let fold = edit.foldMark, fold > list.landMark { edit.apply(to: &ids) }
        }
        return ids
    }

    /// Lands a page whose request began at `mark` (and `editsMark` of its list's edits) at the
    /// end of list `listID`.
    private mutating func landPage(
        _ response: [Int], title: String, in listID: Int, since mark: Int, editsSince editsMark: Int
    ) {
        guard let at = position(ofList: listID) else { return }
        let edited = isEdited(lists[at])
        let held = Set(edited ? serverOrder(of: lists[at]) : lists[at].ids)
        var page: [Int] = []
        var duplicates: [Int] = []
        for id in response {
            if page.contains(id) || held.contains(id) { duplicates.append(id) } else { page.append(id) }
        }
        lists[at].duplicates = duplicates
        if !duplicates.isEmpty { pageDuplicates += 1 }
        landItems(page, title: title, in: listID, since: mark)
        guard let at = position(ofList: listID) else { return }
        pagesLanded += 1
        // The server's order gains the page, less the rows a remove committed since it began took out.
        var joining = page
        for edit in lists[at].edits where edit.kind == .remove && edit.state == .committed {
            if let fold = edit.foldMark, fold > editsMark { edit.apply(to: &joining) }
        }
        lists[at].response = serverOrder(of: lists[at]) + joining
        lists[at].landMark = max(lists[at].landMark, editsMark)
        if edited {
            pagesUnderEdits += 1
            showEdits(listID)
        } else {
            let joined = joining.filter { value($0) != nil }
            if !joined.isEmpty {
                lists[at].ids += joined
                for id in joined { lists[at].drawn[id] = value(id) }
                frame(at, updated: [])
            }
        }
        // A row the page brought that is not shown is let go of, unless a pending edit hides it.
        guard let at = position(ofList: listID) else { return }
        for id in page where !lists[at].ids.contains(id) && !isPending(id, in: lists[at]) {
            unbind(id, from: listID)
        }
    }
}
