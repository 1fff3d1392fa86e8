import type { HoursProfile } from './content';

/**
 * Review texts per business type (the brand's hours profile), in three bands by star rating.
 * `{noun}`, `{city}` and `{first}` are filled in by the generator, as in REVIEW_TEXTS.
 */
export const TYPE_REVIEW_TEXTS: Record<HoursProfile, { good: string[]; mixed: string[]; bad: string[] }> = {
  office: {
    good: [
      'Our {noun} walked us through every option without any pressure. Saved us real money this year.',
      'Responsive, knowledgeable and honest. {first} answered my emails the same day.',
    ],
    mixed: ['Knowledgeable people, but getting a callback took three tries.'],
    bad: ['Nobody followed up on my {noun} for two weeks. I had to chase them for every document.'],
  },
  retail: {
    good: [
      'Great selection and the staff helped me find exactly what I needed in minutes.',
      'Friendly checkout, well stocked shelves and fair prices. My go-to store in {city}.',
    ],
    mixed: ['Good range of items but only one register open on a busy afternoon.'],
    bad: ['The item I was told was in stock was not, and nobody could tell me when it would be.'],
  },
  restaurant: {
    good: [
      'The food came out hot and fast, portions were generous and our server was a delight.',
      'Best tacos in {city}. The salsa bar alone is worth the trip.',
    ],
    mixed: ['Tasty food, but we waited 25 minutes for a table even with a reservation.'],
    bad: ['My order was wrong and cold. When I mentioned it the staff just shrugged.'],
  },
  coffee: {
    good: [
      'Perfect {noun} every single morning and the baristas remember my name.',
      'Cozy spot to work for a few hours, great Wi-Fi and the pastries are fresh.',
    ],
    mixed: ['The {noun} is good but the line moves slowly before 8 AM.'],
    bad: ['Burnt espresso and a sticky table. Not the experience I expect for the price.'],
  },
  medical: {
    good: [
      'The {noun} was thorough and kind, and I was seen within ten minutes of my appointment time.',
      'Gentle, professional and they explained my bill before anything was done.',
    ],
    mixed: ['Good care once I was in the room, but check-in paperwork took forever.'],
    bad: ['Waited over an hour and then the {noun} rushed through my visit in five minutes.'],
  },
  auto: {
    good: [
      'Honest shop. They showed me the worn parts and the estimate matched the final bill.',
      'My {noun} was done the same day and they even washed the car. Highly recommend.',
    ],
    mixed: ['Work was done right, but it took a day longer than promised.'],
    bad: ['Paid for a {noun} and the warning light came back on the next morning.'],
  },
  salon: {
    good: [
      'My {noun} turned out exactly like the photo I brought. {first} is an artist!',
      'Relaxing, spotless salon and they never rush you. Already booked my next appointment.',
    ],
    mixed: ['Nice cut, but they ran 30 minutes behind schedule.'],
    bad: ['The {noun} was uneven and they charged extra without asking first.'],
  },
  fitness: {
    good: ['Welcoming instructors, clean studio and classes for every level.', 'Best class schedule in {city}. {first} makes every session fun.'],
    mixed: ['Great classes but the changing room needs more lockers.'],
    bad: ['Class was cancelled without notice twice and they still charged my membership.'],
  },
};

/** Owner replies by star band (Google's seeded history: most good reviews thanked, bad ones apologised for). */
export const TYPE_REPLY_TEXTS = {
  good: [
    'Thank you so much for the kind words, {name}! We look forward to seeing you again.',
    'Hi {name}, thanks for taking the time to share your feedback. We appreciate your business!',
  ],
  mixed: ['Thanks for the review, {name}. We have shared your comments with the team.'],
  bad: ['{name}, we are sorry to hear about your experience. Please call our manager so we can make this right.'],
};

export const bandOf = (stars: number): 'good' | 'mixed' | 'bad' => (stars >= 4 ? 'good' : stars === 3 ? 'mixed' : 'bad');
