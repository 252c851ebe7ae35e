const byNumber = (a, b) => a.number.localeCompare(b.number, "en", { numeric: true });
const FILL_SPAN_MAX = 210;
function layoutGrid(cells) {
  const bySection = /* @__PURE__ */ new Map();
  for (const cell of cells) {
    let floors = bySection.get(cell.section);
    if (!floors) {
      floors = /* @__PURE__ */ new Map();
      bySection.set(cell.section, floors);
    }
    const onFloor = floors.get(cell.floor);
    if (onFloor) onFloor.push(cell);
    else floors.set(cell.floor, [cell]);
  }
  const sectionOrder = (a, b) => (a ?? Number.MAX_SAFE_INTEGER) - (b ?? Number.MAX_SAFE_INTEGER);
  return [...bySection.keys()].sort(sectionOrder).map((section) => {
    const floors = bySection.get(section);
    const occupied = [...floors.keys()];
    const top = Math.max(...occupied);
    const bottom = Math.min(...occupied);
    const keys = section !== null && top - bottom <= FILL_SPAN_MAX ? (
      // floor 0 does not exist in a building unless an object is on it
      Array.from({ length: top - bottom + 1 }, (_, i) => top - i).filter((f) => f !== 0 || floors.has(0))
    ) : occupied.sort((a, b) => b - a);
    return {
      section,
      floors: keys.map((floor) => ({ floor, cells: [...floors.get(floor) ?? []].sort(byNumber) }))
    };
  });
}
export {
  layoutGrid
};
//# sourceMappingURL=chessboard-grid.js.map
