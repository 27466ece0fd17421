/**
 * Retrieval evaluation set (issue 13): questions written against the real fixture transcripts, each with
 * the passage that answers it, given as an exact substring of one call of `ticker`. `paraphrase` questions
 * avoid the passage's words; `keyword` questions use them.
 */
import { createHash } from 'node:crypto';

export interface Question {
  ticker: string;
  year: number;
  q: string;
  answer: string;
  kind: 'paraphrase' | 'keyword';
}

const P = 'paraphrase' as const;
const K = 'keyword' as const;

export const QUESTIONS: Question[] = [
  // Ameren Q2 2021
  {
    ticker: 'AEE',
    year: 2021,
    kind: K,
    q: 'What did Ameren earn per share in the second quarter of 2021?',
    answer: 'second quarter 2021 earnings of $0.80 per share',
  },
  {
    ticker: 'AEE',
    year: 2021,
    kind: P,
    q: 'What was the utility profit per share twelve months before?',
    answer: 'compared to $0.98 per share for the year-ago quarter',
  },
  {
    ticker: 'AEE',
    year: 2021,
    kind: K,
    q: 'How many smart meters has the Missouri grid program installed?',
    answer: 'installed nearly 300,000 electric smart meters',
  },
  {
    ticker: 'AEE',
    year: 2021,
    kind: P,
    q: 'Did state lawmakers vote on the power bill before they adjourned?',
    answer: 'the regular legislative session ended on May 31 with no energy legislation',
  },
  {
    ticker: 'AEE',
    year: 2021,
    kind: K,
    q: 'Are incremental renewable investment opportunities included in the rate base growth projections?',
    answer: 'do not include 1,200 megawatts of incremental renewable investment',
  },
  {
    ticker: 'AEE',
    year: 2021,
    kind: P,
    q: 'How much cash came in when the remaining forward stock sale was completed?',
    answer: 'proceeds of approximately $115 million',
  },
  {
    ticker: 'AEE',
    year: 2021,
    kind: K,
    q: 'How did weather normalized residential sales in Illinois change?',
    answer: 'Weather normalized kilowatt hour sales to Illinois residential customers decreased 1%',
  },
  {
    ticker: 'AEE',
    year: 2021,
    kind: P,
    q: 'How much turbine capacity was brought online quickly?',
    answer: '700 megawatts of wind generation',
  },
  {
    ticker: 'AEE',
    year: 2021,
    kind: P,
    q: 'Will the company keep selling green bonds?',
    answer: 'we expect to be a relatively frequent issuer under our sustainability financing framework',
  },
  // AIG Q1 2021
  {
    ticker: 'AIG',
    year: 2021,
    kind: K,
    q: 'What was adjusted after-tax income per diluted share in the first quarter?',
    answer: 'adjusted after-tax income in the first quarter was $1.05 per diluted share',
  },
  {
    ticker: 'AIG',
    year: 2021,
    kind: P,
    q: 'What portion of the life and retirement unit will be floated on the stock market?',
    answer: 'toward an IPO of about 19.9% of the business',
  },
  {
    ticker: 'AIG',
    year: 2021,
    kind: P,
    q: 'What did the February freeze cost the insurer?',
    answer: '$390 million related to the winter storms',
  },
  {
    ticker: 'AIG',
    year: 2021,
    kind: K,
    q: 'What is the accident year combined ratio target excluding CAT for 2022?',
    answer: 'sub-90% accident year combined ratio excluding CAT by the end of 2022',
  },
  {
    ticker: 'AIG',
    year: 2021,
    kind: K,
    q: 'How much cumulative run-rate savings has AIG 200 realized?',
    answer: '$250 million in cumulative run-rate savings',
  },
  {
    ticker: 'AIG',
    year: 2021,
    kind: K,
    q: 'What was adjusted book value per share?',
    answer: 'Adjusted book value per share was $58.69',
  },
  {
    ticker: 'AIG',
    year: 2021,
    kind: P,
    q: 'How fast did overseas business insurance sales grow?',
    answer: 'year-over-year growth in net premiums written of approximately 13%',
  },
  {
    ticker: 'AIG',
    year: 2021,
    kind: K,
    q: 'What was the adjusted return on common equity?',
    answer: 'adjusted return on common equity was 14.2%',
  },
  {
    ticker: 'AIG',
    year: 2021,
    kind: P,
    q: 'How much higher do litigation-driven claim costs run than general price rises?',
    answer: '200 basis point addition beyond economic inflation for social inflation',
  },
  {
    ticker: 'AIG',
    year: 2021,
    kind: P,
    q: 'How many people died of the virus nationally in the quarter?',
    answer: 'COVID-related population death of approximately 205,000',
  },
  {
    ticker: 'AIG',
    year: 2021,
    kind: K,
    q: 'How did individual retirement net flows change?',
    answer: 'Individual retirement net flows improved by approximately $1 billion',
  },
  {
    ticker: 'AIG',
    year: 2021,
    kind: K,
    q: 'What spread compression guide was reiterated?',
    answer: '8-basis-point to 16-basis-point spread compression guide',
  },
  // Citizens Financial Q4 2019
  {
    ticker: 'CFG',
    year: 2019,
    kind: K,
    q: 'How much was EPS up for the full year?',
    answer: 'For the full year, our EPS was up 8%',
  },
  {
    ticker: 'CFG',
    year: 2019,
    kind: K,
    q: 'What pre-tax run rate benefits did TOP 5 deliver?',
    answer: 'pre-tax run rate benefits of about $125 million for TOP 5',
  },
  {
    ticker: 'CFG',
    year: 2019,
    kind: P,
    q: 'How much did the lending spread shrink from the prior quarter?',
    answer: '6 basis point decrease in net interest margin',
  },
  {
    ticker: 'CFG',
    year: 2019,
    kind: K,
    q: 'What is the medium term ROTCE target?',
    answer: 'ROTCE target of 14% to 16%',
  },
  {
    ticker: 'CFG',
    year: 2019,
    kind: P,
    q: 'Which home loans were moved off the books late in the quarter?',
    answer: 'moved $1.1 billion of non-relationship mortgage loans to held for sale',
  },
  {
    ticker: 'CFG',
    year: 2019,
    kind: K,
    q: 'How much did interest-bearing deposit costs fall?',
    answer: 'interest-bearing deposit costs down by 15 basis points',
  },
  {
    ticker: 'CFG',
    year: 2019,
    kind: P,
    q: 'Where do they see NIM heading next year?',
    answer: 'The 2020 margin outlook of stable to slightly up versus fourth quarter',
  },
  {
    ticker: 'CFG',
    year: 2019,
    kind: P,
    q: 'How much of rising rates were passed on to savers in that segment?',
    answer: 'in the neighborhood of 60% to 70% on the way up',
  },
  {
    ticker: 'CFG',
    year: 2019,
    kind: K,
    q: 'Is the Franklin American Mortgage integration complete?',
    answer: 'integration of our Franklin American Mortgage acquisition',
  },
  {
    ticker: 'CFG',
    year: 2019,
    kind: P,
    q: 'Which wealth management purchase will help growth next year?',
    answer: 'leverage the Clarfeld acquisition in 2020',
  },
  {
    ticker: 'CFG',
    year: 2019,
    kind: P,
    q: 'How large is the new accounting standard hit to loan loss reserves on adoption?',
    answer: '30% to 35% impact on the day one gross up for the ACL',
  },
  {
    ticker: 'CFG',
    year: 2019,
    kind: K,
    q: 'What does the first quarter outlook reflect about seasonality?',
    answer: 'reflects historical seasonality of first quarter revenues and expenses',
  },
  // Apple Q1 FY2022
  {
    ticker: 'AAPL',
    year: 2022,
    kind: K,
    q: 'What all-time revenue record did Apple set in the holiday season?',
    answer: 'all-time revenue record of nearly $124 billion',
  },
  {
    ticker: 'AAPL',
    year: 2022,
    kind: K,
    q: 'How large is the installed base of active devices?',
    answer: 'installed base of active devices to a new all-time record of 1.8 billion devices',
  },
  {
    ticker: 'AAPL',
    year: 2022,
    kind: K,
    q: 'What was the services all-time revenue record and growth?',
    answer: 'all-time revenue record of 19.5 billion, up 24%',
  },
  {
    ticker: 'AAPL',
    year: 2022,
    kind: P,
    q: 'How much money have app makers received through the store?',
    answer: 'paid developers selling digital goods and services more than $260 billion',
  },
  {
    ticker: 'AAPL',
    year: 2022,
    kind: K,
    q: 'When will the supply chain be carbon neutral?',
    answer: 'our 2030 goal of carbon neutrality across our supply chain',
  },
  {
    ticker: 'AAPL',
    year: 2022,
    kind: P,
    q: 'How much will the strong dollar weigh on growth next quarter?',
    answer: 'we expect foreign exchange to be a three-point headwind',
  },
  {
    ticker: 'AAPL',
    year: 2022,
    kind: P,
    q: 'How many subscribers does the company count?',
    answer: '785 million subs',
  },
  {
    ticker: 'AAPL',
    year: 2022,
    kind: P,
    q: 'Are rising prices hurting profitability?',
    answer: "We're seeing inflation and it's factored into our gross margin and OPEX",
  },
  // Apple Q1 FY2023
  {
    ticker: 'AAPL',
    year: 2023,
    kind: K,
    q: 'What revenue did Apple report for the December quarter?',
    answer: 'revenue of $117.2 billion for the December quarter',
  },
  {
    ticker: 'AAPL',
    year: 2023,
    kind: K,
    q: 'What was iPhone revenue for the quarter?',
    answer: 'revenue came in at $65.8 billion for the quarter, down 8% year over year',
  },
  {
    ticker: 'AAPL',
    year: 2023,
    kind: K,
    q: 'How many paid subscriptions does Apple have?',
    answer: 'more than 935 million paid subscriptions',
  },
  {
    ticker: 'AAPL',
    year: 2023,
    kind: P,
    q: 'Which phone feature lets people call for help with no cell coverage?',
    answer: 'emergency SOS via satellite',
  },
  {
    ticker: 'AAPL',
    year: 2023,
    kind: P,
    q: 'How happy are American buyers with the newest phones?',
    answer: 'customer satisfaction of 98% for the iPhone 14 family',
  },
  {
    ticker: 'AAPL',
    year: 2023,
    kind: P,
    q: 'How much did currency swings cost the top line?',
    answer: 'affected our performance by nearly 800 basis points',
  },
  {
    ticker: 'AAPL',
    year: 2023,
    kind: P,
    q: 'Were retailers holding enough phones at quarter end?',
    answer: 'ended the December quarter below our target range',
  },
  {
    ticker: 'AAPL',
    year: 2023,
    kind: K,
    q: 'How many workouts and meditations does Fitness Plus have?',
    answer: 'more than 3,500 workouts and meditations',
  },
  {
    ticker: 'AAPL',
    year: 2023,
    kind: P,
    q: 'How many Apple gadgets are in use around the world?',
    answer: '$2 billion device install base figure',
  },
  // NVIDIA Q2 FY2025
  {
    ticker: 'NVDA',
    year: 2025,
    kind: K,
    q: 'What share of data center revenue came from cloud service providers?',
    answer: 'Cloud service providers represented roughly 45% of our data center revenue',
  },
  {
    ticker: 'NVDA',
    year: 2025,
    kind: K,
    q: 'What was automotive and robotics revenue?',
    answer: 'revenue was $346 million, up 5% sequentially and up 37% year-on-year',
  },
  {
    ticker: 'NVDA',
    year: 2025,
    kind: P,
    q: 'What did the telecom carrier save by moving to the inference microservices?',
    answer: 'AT&T realized 70% cost savings',
  },
  {
    ticker: 'NVDA',
    year: 2025,
    kind: P,
    q: 'How much quicker is the new rack-scale system at running language models?',
    answer: '30 times faster inference for LLMs',
  },
  {
    ticker: 'NVDA',
    year: 2025,
    kind: P,
    q: 'What profitability level is expected for the whole fiscal year?',
    answer: 'also in the mid-70s or approximately the 75',
  },
  {
    ticker: 'NVDA',
    year: 2025,
    kind: K,
    q: 'How much were operating expenses up sequentially?',
    answer: 'operating expenses were up 12%',
  },
  {
    ticker: 'NVDA',
    year: 2025,
    kind: K,
    q: 'How many queries a day does Snowflake serve?',
    answer: 'serves over 3 billion queries a day',
  },
  {
    ticker: 'NVDA',
    year: 2025,
    kind: P,
    q: 'Which Japanese research body is building an AI supercomputer?',
    answer: 'National Institute of Advanced Industrial Science and Technology',
  },
];

/**
 * The deterministic dev / held-out split: within each kind (paraphrase, keyword), questions are ordered by
 * the SHA-1 of their text and alternate dev, held-out, dev, ... Ranking parameters are tuned on `dev` only;
 * `heldout` measures whether a change generalizes. A new question lands in one half by its own hash.
 */
export function splitOf(q: Question): 'dev' | 'heldout' {
  const sha = (x: Question) => createHash('sha1').update(x.q).digest('hex');
  const same = QUESTIONS.filter((x) => x.kind === q.kind).sort((a, b) => sha(a).localeCompare(sha(b)));
  return same.indexOf(q) % 2 === 0 ? 'dev' : 'heldout';
}
