// Run with F5 ("Debug checkout.js"): it stops at `debugger;`. Right-click a variable in the
// Variables view for "Inspect ID", and see creation times inline next to the IDs below.
const orderId = '0195941a-adb2-75b4-9b96-4f356f00ece9';
const sessionId = '01JP9ZMPY0TZPRF7XHYC4P4SY4';
// The same order, spelled as a ULID: put the cursor on either to highlight both.
const legacyOrderKey = '01JPA1NBDJEPT9Q5JF6NQG1V79';

function checkout(order, session) {
  debugger;
  return { order, session, legacyOrderKey };
}

console.log(checkout(orderId, sessionId));
